import { useSelector } from "@xstate/react";
import { useId, useLayoutEffect } from "react";
import { Link, useLocation } from "wouter";
import { selectIsAdmin } from "../../machines/auth/auth.selectors";
import { selectGroupExpanded } from "../../machines/shell/shell.selectors";
import { selectMenuRegions } from "../../machines/regionNames/regionNames.selectors";
import { groupOf, isGroup, menuFor, type MenuGroup, type MenuLink } from "../menu";
import { useServices } from "../ServicesContext";

function MenuLinkItem({ entry, current }: { entry: MenuLink; current: string }) {
  const active = current === entry.path;
  return (
    <Link href={entry.path} className={`sidebar__link${active ? " sidebar__link--active" : ""}`} aria-current={active ? "page" : undefined}>
      {entry.label}
    </Link>
  );
}

/** A menu entry that expands and collapses its sub-items (disclosure pattern: a button with aria-expanded). */
function MenuGroupItem({ group, current }: { group: MenuGroup; current: string }) {
  const { shell } = useServices();
  const expanded = useSelector(shell, selectGroupExpanded(group.label));
  const listId = useId();
  return (
    <>
      <button
        type="button"
        className="sidebar__group"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => shell.send({ type: "menu.group.toggle", group: group.label })}
      >
        {group.label}
      </button>
      <ul id={listId} className="sidebar__sublist" hidden={!expanded}>
        {group.children.map((child) =>
          child.pending ? (
            // The entry's place, kept empty until the region's name is known, so the entries under it do not move then.
            <li key={child.path} aria-hidden="true">
              <span className="sidebar__link sidebar__link--pending">{"\u00a0"}</span>
            </li>
          ) : (
            <li key={child.path}>
              <MenuLinkItem entry={child} current={current} />
            </li>
          ),
        )}
      </ul>
    </>
  );
}

/** §2 Layout: the left menu, administrator entries only for administrators (§6), regions by their current names. */
export function Sidebar({ id }: { id: string }) {
  const { auth, shell, regionNames } = useServices();
  const isAdmin = useSelector(auth, selectIsAdmin);
  const regions = useSelector(regionNames, selectMenuRegions);
  const [location] = useLocation();
  // Before the first paint of a page, so its group is never drawn closed.
  useLayoutEffect(() => shell.send({ type: "menu.page.shown", group: groupOf(location) }), [shell, location]);
  return (
    <nav id={id} className="sidebar" aria-label="Main menu">
      <ul className="sidebar__list">
        {menuFor(isAdmin, regions).map((entry) => (
          <li key={entry.label}>
            {isGroup(entry) ? <MenuGroupItem group={entry} current={location} /> : <MenuLinkItem entry={entry} current={location} />}
          </li>
        ))}
      </ul>
    </nav>
  );
}
