// §2 Routes: every route of the specification's table, and the test page (/test).
import { lazy, type ComponentType, type ReactNode } from "react";
import { TestScreen } from "../screens/test/TestScreen";
import { UnderConstructionScreen } from "../screens/underConstruction/UnderConstructionScreen";
import { MembersRoute } from "./MembersRoute";

// The members list, where agents spend the day, ships at start-up; the reports, the board and the
// administration screens load when first opened, keeping the first visit within its budget.
type RouteModule = Record<string, ComponentType>;
const onDemand = <M extends RouteModule>(load: () => Promise<M>, name: keyof M & string) =>
  lazy(async () => ({ default: (await load())[name]! }));
const reports = () => import("./screenRoutes");
const administration = () => import("./adminRoutes");

const DashboardRoute = onDemand(reports, "DashboardRoute");
const CallRecordingsRoute = onDemand(reports, "CallRecordingsRoute");
const ContactDataRoute = onDemand(reports, "ContactDataRoute");
const DeletedByGroupRoute = onDemand(reports, "DeletedByGroupRoute");
const DeletedDetailsRoute = onDemand(reports, "DeletedDetailsRoute");
const DeletedSummaryRoute = onDemand(reports, "DeletedSummaryRoute");
const LiveBoardRoute = onDemand(reports, "LiveBoardRoute");
const LeadDataRoute = onDemand(reports, "LeadDataRoute");
const MembersStatusRoute = onDemand(reports, "MembersStatusRoute");
const NewPatientOriginRoute = onDemand(reports, "NewPatientOriginRoute");
const PriorityStatusRoute = onDemand(reports, "PriorityStatusRoute");
const QualityIndexRoute = onDemand(reports, "QualityIndexRoute");
const UsageReportRoute = onDemand(reports, "UsageReportRoute");
const CallbacksRoute = onDemand(administration, "CallbacksRoute");
const CampaignsRoute = onDemand(administration, "CampaignsRoute");
const MemberFilesRoute = onDemand(administration, "MemberFilesRoute");
const PracticesAdminRoute = onDemand(administration, "PracticesAdminRoute");
const StaffRoute = onDemand(administration, "StaffRoute");

export interface ProtectedRoute {
  path: string;
  title: string;
  adminOnly?: boolean;
  /** Other staff get the not-found page, as if there were no such page. */
  hiddenFromStaff?: boolean;
  /** The region whose members the page lists: the title carries the region's current name. */
  region?: string;
  render: () => ReactNode;
}

export const PROTECTED_ROUTES: ProtectedRoute[] = [
  { path: "/dashboard", title: "Dashboard", render: () => <DashboardRoute /> },
  { path: "/under-construction", title: "Under construction", render: () => <UnderConstructionScreen /> },
  { path: "/members-status-report", title: "Members Status Report", render: () => <MembersStatusRoute /> },
  { path: "/call-recordings", title: "Call Recordings", render: () => <CallRecordingsRoute /> },
  { path: "/new-patient-origin", title: "New Patient Origin", render: () => <NewPatientOriginRoute /> },
  { path: "/contact-data-report", title: "Contact Data Report", render: () => <ContactDataRoute /> },
  { path: "/quality-index-report", title: "Quality Index Report", render: () => <QualityIndexRoute /> },
  { path: "/priority-status-report", title: "Priority Status Report", render: () => <PriorityStatusRoute /> },
  { path: "/lead-data-report", title: "Lead Data Report", render: () => <LeadDataRoute /> },
  { path: "/members/smile-magic", title: "Members — Smile Magic", region: "SMD", render: () => <MembersRoute key="SMD" region="SMD" title="Members — Smile Magic" /> },
  { path: "/members/family-smiles", title: "Members — Family Smiles", region: "FSD", render: () => <MembersRoute key="FSD" region="FSD" title="Members — Family Smiles" /> },
  { path: "/members/all", title: "Members", render: () => <MembersRoute key="all" region="all" title="Members" /> },
  { path: "/deleted-appointments/bygroup", title: "Deleted Appointments — By Group", render: () => <DeletedByGroupRoute /> },
  { path: "/deleted-appointments/summary", title: "Deleted Appointments — Summary", render: () => <DeletedSummaryRoute /> },
  { path: "/deleted-appointments/details", title: "Deleted Appointments — Details", render: () => <DeletedDetailsRoute /> },
  { path: "/usage", title: "Universal Usage Report", adminOnly: true, render: () => <UsageReportRoute /> },
  { path: "/test", title: "Test page", render: () => <TestScreen /> },
  { path: "/staff", title: "Staff", adminOnly: true, hiddenFromStaff: true, render: () => <StaffRoute /> },
  { path: "/practices-and-regions", title: "Practices and regions", adminOnly: true, hiddenFromStaff: true, render: () => <PracticesAdminRoute /> },
  { path: "/member-files", title: "Member files", adminOnly: true, hiddenFromStaff: true, render: () => <MemberFilesRoute /> },
  { path: "/live-board", title: "Live Board", adminOnly: true, hiddenFromStaff: true, render: () => <LiveBoardRoute /> },
  { path: "/callbacks", title: "Callbacks", adminOnly: true, hiddenFromStaff: true, render: () => <CallbacksRoute /> },
  { path: "/campaigns", title: "Campaigns", adminOnly: true, hiddenFromStaff: true, render: () => <CampaignsRoute /> },
];
