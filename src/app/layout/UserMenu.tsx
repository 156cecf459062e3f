// §2 Layout: the user's avatar and name, and the menu they open: Logout, Set Default, Feedback and,
// for administrators, Manage Help (the partner portal's page, in a new tab).
import { useSelector } from "@xstate/react";
import type { KeyboardEvent } from "react";
import type { ActorRefFrom } from "xstate";
import { Avatar } from "../../components/Avatar";
import { FOCUS_RETURN_ATTRIBUTE } from "../../components/Modal";
import type { authMachine } from "../../machines/auth/auth.machine";
import { selectIsAdmin, selectUserInitials, selectUserName, selectUserPicture } from "../../machines/auth/auth.selectors";
import { manageHelpUrl, type topBarMachine } from "../../machines/topBar/topBar.machine";

interface UserMenuProps {
  topBar: ActorRefFrom<typeof topBarMachine>;
  auth: ActorRefFrom<typeof authMachine>;
}

export function UserMenu({ topBar, auth }: UserMenuProps) {
  const name = useSelector(auth, selectUserName);
  const initials = useSelector(auth, selectUserInitials);
  const picture = useSelector(auth, selectUserPicture);
  const menuOpen = useSelector(topBar, (s) => s.matches({ menu: "open" }));
  return (
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
      {menuOpen ? <UserMenuList topBar={topBar} auth={auth} name={name} /> : null}
    </div>
  );
}

function UserMenuList({ topBar, auth, name }: UserMenuProps & { name: string }) {
  const isAdmin = useSelector(auth, selectIsAdmin);
  const portal = useSelector(topBar, (s) => s.context.portal);
  return (
    <ul
      ref={(list) => list?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()}
      id="user-menu"
      className="user-menu__list"
      role="menu"
      aria-label={`Menu of ${name}`}
      onKeyDown={(event) => moveFocusInMenu(event, () => topBar.send({ type: "menu.close" }))}
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
          <a role="menuitem" href={manageHelpUrl(portal)} target="_blank" rel="noopener noreferrer" onClick={() => topBar.send({ type: "menu.close" })}>
            Manage Help
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** Menu keys (WAI-ARIA menu pattern): arrows move between items, Escape closes and returns focus. */
function moveFocusInMenu(event: KeyboardEvent<HTMLUListElement>, close: () => void) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const current = items.indexOf(document.activeElement as HTMLElement);
  if (event.key === "Escape") {
    close();
    document.querySelector<HTMLElement>(`[${FOCUS_RETURN_ATTRIBUTE}]`)?.focus();
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const step = event.key === "ArrowDown" ? 1 : -1;
    items[(current + step + items.length) % items.length]?.focus();
  }
}
