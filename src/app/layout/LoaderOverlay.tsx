import { useSelector } from "@xstate/react";
import { formatElapsed } from "../../lib/format";
import { selectElapsedSeconds, selectLoaderVisible } from "../../machines/shell/shell.selectors";
import { useServices } from "../ServicesContext";

/** §4: the loader overlay shows elapsed time as seconds, or as minutes and seconds. */
export function LoaderOverlay() {
  const { shell } = useServices();
  const visible = useSelector(shell, selectLoaderVisible);
  const elapsed = useSelector(shell, selectElapsedSeconds);
  if (!visible) return null;
  return (
    <div className="loader-overlay" role="status" aria-live="polite">
      <div className="loader-overlay__box">
        <span className="spinner" aria-hidden="true" />
        <span>Loading… {formatElapsed(elapsed)}</span>
      </div>
    </div>
  );
}
