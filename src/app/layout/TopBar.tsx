import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { authMachine } from "../../machines/auth/auth.machine";
import { selectUser } from "../../machines/auth/auth.selectors";
import { selectSidebarOpen } from "../../machines/shell/shell.selectors";
import type { topBarMachine } from "../../machines/topBar/topBar.machine";
import { useServices } from "../ServicesContext";
import { UserMenu } from "./UserMenu";

interface TopBarProps {
  topBar: ActorRefFrom<typeof topBarMachine>;
  auth: ActorRefFrom<typeof authMachine>;
  sidebarId: string;
}

/** §2 Layout: the menu toggle, the logo (the partner portal), the FEEDBACK link and the user menu. */
export function TopBar({ topBar, auth, sidebarId }: TopBarProps) {
  const { shell } = useServices();
  const user = useSelector(auth, selectUser);
  const portal = useSelector(topBar, (s) => s.context.portal);
  const sidebarOpen = useSelector(shell, selectSidebarOpen);
  if (!user) return null;

  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-button topbar__menu-toggle"
        aria-controls={sidebarId}
        aria-expanded={sidebarOpen}
        aria-label={sidebarOpen ? "Hide the menu" : "Show the menu"}
        onClick={() => shell.send({ type: "sidebar.toggle" })}
      >
        ☰
      </button>
      <a className="topbar__logo" href={portal} aria-label="Recall Desk: go to the partner portal">
        Recall Desk
      </a>
      <div className="topbar__end">
        <button type="button" className="button button--link topbar__feedback" onClick={() => topBar.send({ type: "feedback.open" })}>
          FEEDBACK
        </button>
        <UserMenu topBar={topBar} auth={auth} />
      </div>
    </header>
  );
}
