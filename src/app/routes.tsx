// §2 Routes: every route of the specification's table, and the test page (/test).
import type { ReactNode } from "react";
import { PendingScreen } from "../screens/pending/PendingScreen";
import { TestScreen } from "../screens/test/TestScreen";
import { UnderConstructionScreen } from "../screens/under-construction/UnderConstructionScreen";

export interface ProtectedRoute {
  path: string;
  title: string;
  adminOnly?: boolean;
  render: () => ReactNode;
}

const pending = (title: string) => () => <PendingScreen title={title} />;

export const PROTECTED_ROUTES: ProtectedRoute[] = [
  { path: "/dashboard", title: "Dashboard", render: pending("Dashboard") },
  { path: "/under-construction", title: "Under construction", render: () => <UnderConstructionScreen /> },
  { path: "/members-status-report", title: "Members Status Report", render: pending("Members Status Report") },
  { path: "/call-recordings", title: "Call Recordings", render: pending("Call Recordings") },
  { path: "/new-patient-origin", title: "New Patient Origin", render: pending("New Patient Origin") },
  { path: "/contact-data-report", title: "Contact Data Report", render: pending("Contact Data Report") },
  { path: "/quality-index-report", title: "Quality Index Report", render: pending("Quality Index Report") },
  { path: "/priority-status-report", title: "Priority Status Report", render: pending("Priority Status Report") },
  { path: "/lead-data-report", title: "Lead Data Report", render: pending("Lead Data Report") },
  { path: "/members/smile-magic", title: "Members — Smile Magic", render: pending("Members — Smile Magic") },
  { path: "/members/family-smiles", title: "Members — Family Smiles", render: pending("Members — Family Smiles") },
  { path: "/members/all", title: "Members", render: pending("Members") },
  { path: "/deleted-appointments/bygroup", title: "Deleted Appointments — By Group", render: pending("Deleted Appointments — By Group") },
  { path: "/deleted-appointments/summary", title: "Deleted Appointments — Summary", render: pending("Deleted Appointments — Summary") },
  { path: "/deleted-appointments/details", title: "Deleted Appointments — Details", render: pending("Deleted Appointments — Details") },
  { path: "/usage", title: "Universal Usage Report", adminOnly: true, render: pending("Universal Usage Report") },
  { path: "/test", title: "Test page", render: () => <TestScreen /> },
];
