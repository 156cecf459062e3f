import { useSelector } from "@xstate/react";
import { Link, useLocation } from "wouter";
import { selectIsAdmin } from "../../machines/auth/auth.selectors";
import { menuFor, type MenuEntry } from "../menu";
import { useServices } from "../ServicesContext";

function MenuLink({ entry, current }: { entry: MenuEntry; current: string }) {
  const active = current === entry.path;
  return (
    <Link href={entry.path} className={`sidebar__link${active ? " sidebar__link--active" : ""}`} aria-current={active ? "page" : undefined}>
      {entry.label}
    </Link>
  );
}

/** §2 Layout: the left menu, administrator entries only for administrators (§6). */
export function Sidebar({ id }: { id: string }) {
  const { auth } = useServices();
  const isAdmin = useSelector(auth, selectIsAdmin);
  const [location] = useLocation();
  return (
    <nav id={id} className="sidebar" aria-label="Main menu">
      <ul className="sidebar__list">
        {menuFor(isAdmin).map((entry) =>
          entry.children ? (
            <li key={entry.label}>
              <span className="sidebar__group">{entry.label}</span>
              <ul className="sidebar__sublist">
                {entry.children.map((child) => (
                  <li key={child.path}>
                    <MenuLink entry={child} current={location} />
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={entry.label}>
              <MenuLink entry={entry} current={location} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
