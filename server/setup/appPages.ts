// The app's screens a user may choose as default page (GET /pmd/getSetup), in menu order: the
// specification's §2 routes, as the mock lists them (mocks/db/appPages.ts; the server shares no
// code with the app or the mock). The six under-construction entries lead to one placeholder page,
// which is no one's default.

export interface AppPage {
  path: string;
  title: string;
  adminOnly: boolean;
}

const page = (path: string, title: string, adminOnly = false): AppPage => ({ path, title, adminOnly });

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
export function pagesFor(user: { is_admin: boolean }): AppPage[] {
  return APP_PAGES.filter((candidate) => user.is_admin || !candidate.adminOnly);
}
