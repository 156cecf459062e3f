// The app's screens as both backends need them: the pages a user may choose as default page
// (`GET /pmd/getSetup`, `POST /pmd/saveSetup`), the pages help items belong to and the pages staff
// visit (usage rows). Routes and menu order are the specification's (§2); the six
// under-construction entries all lead to one placeholder page, which is no one's default.

export interface AppPage {
  path: string;
  title: string;
  adminOnly: boolean;
}

const page = (path: string, title: string, adminOnly = false): AppPage => ({ path, title, adminOnly });

/** In menu order: the dashboard, the members list variants, the reports, usage, deleted appointments. */
export const APP_PAGES: readonly AppPage[] = [
  page("/dashboard", "Dashboard"),
  page("/members/all", "Members: All"),
  page("/members/smile-magic", "Members: Smile Magic"),
  page("/members/family-smiles", "Members: Family Smiles"),
  page("/call-recordings", "Call Recordings"),
  page("/new-patient-origin", "New Patient Origin"),
  page("/contact-data-report", "Contact Data Report"),
  page("/quality-index-report", "Quality Index Report"),
  page("/priority-status-report", "Priority Status Report"),
  page("/lead-data-report", "Lead Data Report"),
  page("/members-status-report", "Members Status Report"),
  page("/usage", "Usage", true),
  page("/deleted-appointments/bygroup", "Deleted Appointments: By Group"),
  page("/deleted-appointments/summary", "Deleted Appointments: Summary"),
  page("/deleted-appointments/details", "Deleted Appointments: Details"),
];

/** The pages a user may open (and so choose as default page): administrator pages for administrators only. */
export function pagesFor(user: { isAdmin: boolean }): AppPage[] {
  return APP_PAGES.filter((candidate) => user.isAdmin || !candidate.adminOnly);
}

/**
 * A screen's help page id: its route without the leading slash (`members-status-report`,
 * `deleted-appointments/summary`); the parent is the route's first segment for nested routes.
 */
export function helpPageOf(path: string): { pageId: string; parentPageId: string } {
  const pageId = path.replace(/^\//, "");
  const slash = pageId.indexOf("/");
  return { pageId, parentPageId: slash === -1 ? "" : pageId.slice(0, slash) };
}
