import { useSelector } from "@xstate/react";
import type { KeyboardEvent } from "react";
import type { ActorRefFrom } from "xstate";
import type { authMachine } from "../../machines/auth/auth.machine";
import { Avatar } from "../../components/Avatar";
import { selectIsAdmin, selectUser, selectUserInitials, selectUserName, selectUserPicture } from "../../machines/auth/auth.selectors";
import { selectSidebarOpen } from "../../machines/shell/shell.selectors";
import { manageHelpUrl, type topBarMachine } from "../../machines/topBar/topBar.machine";
import { FOCUS_RETURN_ATTRIBUTE } from "../../components/Modal";
import { useServices } from "../ServicesContext";

interface TopBarProps {
  topBar: ActorRefFrom<typeof topBarMachine>;
  auth: ActorRefFrom<typeof authMachine>;
  sidebarId: string;
}

/** §2 Layout: FEEDBACK link, the user's avatar and name, and the user menu. */
export function TopBar({ topBar, auth, sidebarId }: TopBarProps) {
  const { shell } = useServices();
  const user = useSelector(auth, selectUser);
  const name = useSelector(auth, selectUserName);
  const initials = useSelector(auth, selectUserInitials);
  const picture = useSelector(auth, selectUserPicture);
  const isAdmin = useSelector(auth, selectIsAdmin);
  const portal = useSelector(topBar, (s) => s.context.portal);
  const menuOpen = useSelector(topBar, (s) => s.matches({ menu: "open" }));
  const sidebarOpen = useSelector(shell, selectSidebarOpen);
  if (!user) return null;

  /** Menu keys (WAI-ARIA menu pattern): arrows move between items, Escape closes and returns focus. */
  function moveFocusInMenu(event: KeyboardEvent<HTMLUListElement>) {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const current = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      topBar.send({ type: "menu.close" });
      document.querySelector<HTMLElement>(`[${FOCUS_RETURN_ATTRIBUTE}]`)?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(current + step + items.length) % items.length]?.focus();
    }
  }

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
        <div
          className="user-menu"
          onBlur={(event) => {
            // Focus left the menu (a click elsewhere, Tab past the last item): it closes.
            if (menuOpen && !event.currentTarget.contains(event.relatedTarget)) topBar.send({ type: "menu.close" });
          }}
        >
          <button
            type="button"
            className="user-menu__button"
            {...{ [FOCUS_RETURN_ATTRIBUTE]: "" }}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-controls="user-menu"
            onClick={() => topBar.send({ type: "menu.toggle" })}
          >
            <Avatar picture={picture} initials={initials} />
            <span className="user-menu__name">{name}</span>
          </button>
          {menuOpen ? (
            <ul
              ref={(list) => list?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()}
              id="user-menu"
              className="user-menu__list"
              role="menu"
              aria-label={`Menu of ${name}`}
              onKeyDown={moveFocusInMenu}
            >
              <li role="none">
                <button type="button" role="menuitem" onClick={() => auth.send({ type: "auth.logout" })}>
                  Logout
                </button>
              </li>
              <li role="none">
                <button type="button" role="menuitem" onClick={() => topBar.send({ type: "setDefault.open" })}>
                  Set Default
                </button>
              </li>
              <li role="none">
                <button type="button" role="menuitem" onClick={() => topBar.send({ type: "feedback.open" })}>
                  Feedback
                </button>
              </li>
              {isAdmin ? (
                <li role="none">
                  <a
                    role="menuitem"
                    href={manageHelpUrl(portal)}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => topBar.send({ type: "menu.close" })}
                  >
                    Manage Help
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </div>
    </header>
  );
}
