// §2 Layout: the left sidebar, the top bar, the page, alerts and the loader overlay.
import { useSelector } from "@xstate/react";
import { useAppActor } from "../useAppActor";
import type { ReactNode } from "react";
import { AlertMessage } from "../../components/AlertMessage";
import { selectAlert } from "../../machines/auth/auth.selectors";
import { selectOldDataSeconds, selectSidebarAnimating, selectSidebarOpen, selectSidebarOverlay } from "../../machines/shell/shell.selectors";
import { useServices } from "../ServicesContext";
import { LoaderOverlay } from "./LoaderOverlay";
import { Sidebar } from "./Sidebar";
import { TopBar } from "./TopBar";
import { TopBarDialogs } from "./TopBarDialogs";
import { useViewportWidth } from "./useViewportWidth";
import { useRegionNames } from "./useRegionNames";

const SIDEBAR_ID = "main-menu";

export function Layout({ children }: { children: ReactNode }) {
  const { auth, shell, regionNames, topBar: topBarMachine } = useServices();
  const session = useSelector(auth, (s) => s.context.session);
  const alert = useSelector(auth, selectAlert);
  const sidebarOpen = useSelector(shell, selectSidebarOpen);
  const animating = useSelector(shell, selectSidebarAnimating);
  const overlay = useSelector(shell, selectSidebarOverlay);
  const oldDataSeconds = useSelector(shell, selectOldDataSeconds);
  useViewportWidth(shell);
  useRegionNames(regionNames);
  const topBar = useAppActor(topBarMachine, {
    input: { userId: session?.user.id ?? 0, fallbackPortal: session?.mycdp_uri ?? "/" },
  });

  return (
    <div
      className={`layout${sidebarOpen ? "" : " layout--sidebar-closed"}${animating ? " layout--animating" : ""}${overlay ? " layout--overlay" : ""}`}
      onKeyDown={(event) => {
        if (overlay && sidebarOpen && event.key === "Escape") shell.send({ type: "sidebar.toggle" });
      }}
    >
      <a className="skip-link" href="#page">
        Skip to the page
      </a>
      <TopBar topBar={topBar} auth={auth} sidebarId={SIDEBAR_ID} />
      <Sidebar id={SIDEBAR_ID} />
      {overlay && sidebarOpen ? <div className="layout__backdrop" aria-hidden="true" onClick={() => shell.send({ type: "sidebar.toggle" })} /> : null}
      <main id="page" className="layout__page" tabIndex={-1}>
        {alert ? <AlertMessage failure={alert} onDismiss={() => auth.send({ type: "alert.clear" })} /> : null}
        {oldDataSeconds !== null ? (
          <p className="layout__data-age" role="status">
            These figures are {oldDataSeconds} seconds old: the reporting copy of the database is catching up.
          </p>
        ) : null}
        {children}
      </main>
      <TopBarDialogs topBar={topBar} />
      <LoaderOverlay />
    </div>
  );
}
