import { useLayoutEffect } from "react";
import type { ActorRefFrom } from "xstate";
import type { shellMachine } from "../../machines/shell/shell.machine";

/** Below this width the sidebar covers the page (a 1024 px tablet keeps it beside the page). */
const NARROW_WINDOW = "(max-width: 1023.98px)";

/** Tells the shell when the window crosses 1024 px, before the first paint so a phone never sees the menu flash open. */
export function useViewportWidth(shell: ActorRefFrom<typeof shellMachine>): void {
  useLayoutEffect(() => {
    const query = window.matchMedia(NARROW_WINDOW);
    const tell = () => shell.send({ type: "viewport.change", narrow: query.matches });
    tell();
    query.addEventListener("change", tell);
    return () => query.removeEventListener("change", tell);
  }, [shell]);
}
