// §2 Routes: every route of the specification's table, and the test page (/test).
import type { ReactNode } from "react";
import { CallRecordingsScreen } from "../screens/callRecordings/CallRecordingsScreen";
import { DashboardScreen } from "../screens/dashboard/DashboardScreen";
import { ContactDataScreen } from "../screens/contactData/ContactDataScreen";
import { NewPatientOriginScreen } from "../screens/newPatientOrigin/NewPatientOriginScreen";
import { DeletedByGroupScreen } from "../screens/deletedAppointments/DeletedByGroupScreen";
import { DeletedDetailsScreen } from "../screens/deletedAppointments/DeletedDetailsScreen";
import { DeletedSummaryScreen } from "../screens/deletedAppointments/DeletedSummaryScreen";
import { LeadDataReportScreen } from "../screens/leadDataReport/LeadDataReportScreen";
import { MembersStatusReportScreen } from "../screens/membersStatusReport/MembersStatusReportScreen";
import { PriorityStatusReportScreen } from "../screens/priorityStatusReport/PriorityStatusReportScreen";
import { QualityIndexScreen } from "../screens/qualityIndex/QualityIndexScreen";
import { TestScreen } from "../screens/test/TestScreen";
import { UsageReportScreen } from "../screens/usage/UsageReportScreen";
import { UnderConstructionScreen } from "../screens/underConstruction/UnderConstructionScreen";
import { MembersScreen } from "../screens/members/MembersScreen";
import { LiveBoardPage } from "./LiveBoardPage";

export interface ProtectedRoute {
  path: string;
  title: string;
  adminOnly?: boolean;
  /** Other staff get the not-found page, as if there were no such page. */
  hiddenFromStaff?: boolean;
  render: () => ReactNode;
}

export const PROTECTED_ROUTES: ProtectedRoute[] = [
  { path: "/dashboard", title: "Dashboard", render: () => <DashboardScreen /> },
  { path: "/under-construction", title: "Under construction", render: () => <UnderConstructionScreen /> },
  { path: "/members-status-report", title: "Members Status Report", render: () => <MembersStatusReportScreen /> },
  { path: "/call-recordings", title: "Call Recordings", render: () => <CallRecordingsScreen /> },
  { path: "/new-patient-origin", title: "New Patient Origin", render: () => <NewPatientOriginScreen /> },
  { path: "/contact-data-report", title: "Contact Data Report", render: () => <ContactDataScreen /> },
  { path: "/quality-index-report", title: "Quality Index Report", render: () => <QualityIndexScreen /> },
  { path: "/priority-status-report", title: "Priority Status Report", render: () => <PriorityStatusReportScreen /> },
  { path: "/lead-data-report", title: "Lead Data Report", render: () => <LeadDataReportScreen /> },
  { path: "/members/smile-magic", title: "Members — Smile Magic", render: () => <MembersScreen key="SMD" region="SMD" title="Members — Smile Magic" /> },
  { path: "/members/family-smiles", title: "Members — Family Smiles", render: () => <MembersScreen key="FSD" region="FSD" title="Members — Family Smiles" /> },
  { path: "/members/all", title: "Members", render: () => <MembersScreen key="all" region="all" title="Members" /> },
  { path: "/deleted-appointments/bygroup", title: "Deleted Appointments — By Group", render: () => <DeletedByGroupScreen /> },
  { path: "/deleted-appointments/summary", title: "Deleted Appointments — Summary", render: () => <DeletedSummaryScreen /> },
  { path: "/deleted-appointments/details", title: "Deleted Appointments — Details", render: () => <DeletedDetailsScreen /> },
  { path: "/usage", title: "Universal Usage Report", adminOnly: true, render: () => <UsageReportScreen /> },
  { path: "/test", title: "Test page", render: () => <TestScreen /> },
  { path: "/live-board", title: "Live Board", adminOnly: true, hiddenFromStaff: true, render: () => <LiveBoardPage /> },
];
