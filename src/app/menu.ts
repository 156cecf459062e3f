// §2 Layout, left menu: "Left menu routes are the menu name in lower case with spaces replaced by
// dashes", the entries in the specification's order. Administrator-only entries per §6; the six
// under-construction entries lead to /under-construction (docs/architecture.md). The MEMBERS group is an
// addition: the specification's menu has no way to the members list, the screen staff live in. So
// are LIVE BOARD, the supervisors' live board, and STAFF, PRACTICES AND REGIONS and MEMBER FILES,
// administrators' entries: a call center fills its own database from the app; and CALLBACKS, the
// supervisors' view of every open callback (the work queue); and CAMPAIGNS, where supervisors
// direct the floor. The MEMBERS entries of SMD and FSD
// (the specification's routes) carry the regions' current names, which administrators set, and
// leave the menu while there is no such region.

import type { RegionName } from "../machines/regionNames/regionNames.machine";

export interface MenuLink {
  label: string;
  path: string;
  adminOnly?: boolean;
  /** The region whose members the entry lists: its label is the region's current name. */
  region?: string;
  /** A region's entry while the regions' names are not known yet: its place is kept, empty. */
  pending?: boolean;
}


/** An entry that expands and collapses its sub-items (the shell machine keeps which are open). */
export interface MenuGroup {
  label: string;
  adminOnly?: boolean;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const isGroup = (entry: MenuEntry): entry is MenuGroup => "children" in entry;

/** "Call Recordings" → "/call-recordings". */
export const routeOf = (name: string) => `/${name.toLowerCase().replace(/ /g, "-")}`;

const UNDER_CONSTRUCTION = "/under-construction";
const underConstruction = (label: string): MenuLink => ({ label, path: UNDER_CONSTRUCTION, adminOnly: true });

const MENU: MenuEntry[] = [
  {
    label: "MEMBERS",
    children: [
      { label: "Smile Magic", path: routeOf("members/Smile Magic"), region: "SMD" },
      { label: "Family Smiles", path: routeOf("members/Family Smiles"), region: "FSD" },
      { label: "All", path: routeOf("members/All") },
    ],
  },
  { label: "dashboard", path: routeOf("dashboard") },
  { label: "Call Recordings", path: routeOf("Call Recordings") },
  { label: "New Patient Origin", path: routeOf("New Patient Origin") },
  { label: "Contact Data Report", path: routeOf("Contact Data Report") },
  { label: "Quality Index Report", path: routeOf("Quality Index Report") },
  { label: "Priority Status Report", path: routeOf("Priority Status Report") },
  { label: "Lead Data Report", path: routeOf("Lead Data Report") },
  { label: "Members Status Report", path: routeOf("Members Status Report") },
  underConstruction("RTP 4"),
  underConstruction("EVA"),
  underConstruction("ADMIN"),
  underConstruction("PP COLLECTION BY MONTH"),
  underConstruction("PP PATIENT DETAILS"),
  underConstruction("PP COLLECTIONS BY OFFICE"),
  { label: "USAGE", path: routeOf("USAGE"), adminOnly: true },
  { label: "LIVE BOARD", path: routeOf("LIVE BOARD"), adminOnly: true },
  {
    label: "DELETED APPOINTMENTS",
    children: [
      { label: "By Group", path: "/deleted-appointments/bygroup" },
      { label: "Summary", path: "/deleted-appointments/summary" },
      { label: "Details", path: "/deleted-appointments/details" },
    ],
  },
  { label: "STAFF", path: routeOf("STAFF"), adminOnly: true },
  { label: "PRACTICES AND REGIONS", path: routeOf("PRACTICES AND REGIONS"), adminOnly: true },
  { label: "MEMBER FILES", path: routeOf("MEMBER FILES"), adminOnly: true },
  { label: "CALLBACKS", path: routeOf("CALLBACKS"), adminOnly: true },
  { label: "CAMPAIGNS", path: routeOf("CAMPAIGNS"), adminOnly: true },
];

/** A region's entry under its current name; none while there is no such region; pending while the names are unknown (null). */
const namedEntries = (children: MenuLink[], regions: readonly RegionName[] | null) =>
  children.flatMap((child) => {
    if (child.region === undefined) return [child];
    if (regions === null) return [{ ...child, pending: true }];
    const region = regions.find((candidate) => candidate.name === child.region);
    return region ? [{ ...child, label: region.title }] : [];
  });

/**
 * §6: administrators see the entries marked Admin; other staff the rest. Region entries carry the
 * regions' current names (`regions`), or are pending while those are not known yet (null).
 */
export function menuFor(isAdmin: boolean, regions: readonly RegionName[] | null): MenuEntry[] {
  return MENU.filter((entry) => isAdmin || !entry.adminOnly).map((entry) => (isGroup(entry) ? { ...entry, children: namedEntries(entry.children, regions) } : entry));
}

/** The label of the group one of whose sub-items leads to `path`, or null. */
export function groupOf(path: string): string | null {
  return MENU.find((entry) => isGroup(entry) && entry.children.some((child) => child.path === path))?.label ?? null;
}
