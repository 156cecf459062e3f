// The screens of the routes (routes.tsx), each with the actors src/app makes for it: its machine,
// provided with its calls (services.ts, reportMachines.ts), started with the screen and stopped
// when it goes. Screens receive running actors as props and import nothing from here.
import { useSelector } from "@xstate/react";
import { useSearch } from "wouter";
import { recordingsOfQuery } from "../machines/callRecordings/callRecordings.links";
import { CallRecordingsScreen } from "../screens/callRecordings/CallRecordingsScreen";
import { ContactDataScreen } from "../screens/contactData/ContactDataScreen";
import { DashboardScreen } from "../screens/dashboard/DashboardScreen";
import { DeletedByGroupScreen } from "../screens/deletedAppointments/DeletedByGroupScreen";
import { DeletedDetailsScreen } from "../screens/deletedAppointments/DeletedDetailsScreen";
import { DeletedSummaryScreen } from "../screens/deletedAppointments/DeletedSummaryScreen";
import { LeadDataReportScreen } from "../screens/leadDataReport/LeadDataReportScreen";
import { MembersStatusReportScreen } from "../screens/membersStatusReport/MembersStatusReportScreen";
import { NewPatientOriginScreen } from "../screens/newPatientOrigin/NewPatientOriginScreen";
import { PriorityStatusReportScreen } from "../screens/priorityStatusReport/PriorityStatusReportScreen";
import { QualityIndexScreen } from "../screens/qualityIndex/QualityIndexScreen";
import { UsageReportScreen } from "../screens/usage/UsageReportScreen";
import { LiveBoardScreen } from "../screens/liveBoard/LiveBoardScreen";
import { contactDataViewMachine } from "../machines/contactData/contactData.machine";
import { selectIsAdmin } from "../machines/auth/auth.selectors";
import { useServices } from "./ServicesContext";
import { useAppActor } from "./useAppActor";

/** An Export CSV's own actor: each export button of a screen streams on its own. */
const useExporter = () => useAppActor(useServices().exportCsv);

export function DashboardRoute() {
  return <DashboardScreen actor={useAppActor(useServices().dashboard)} />;
}

export function CallRecordingsRoute() {
  const { callRecordings, recordingPlayer } = useServices();
  // One member's or agent's recordings, as a link from the members list or the live board asks.
  const of = recordingsOfQuery(useSearch());
  return <CallRecordingsScreen actor={useAppActor(callRecordings, { input: { of } })} player={useAppActor(recordingPlayer)} exporter={useExporter()} />;
}

export function ContactDataRoute() {
  const { chartReports } = useServices();
  return <ContactDataScreen actor={useAppActor(chartReports.contactData, { input: { filters: { campaign: null } } })} view={useAppActor(contactDataViewMachine)} />;
}

export function QualityIndexRoute() {
  const { chartReports } = useServices();
  return <QualityIndexScreen actor={useAppActor(chartReports.qualityIndex, { input: { filters: {} } })} exporter={useExporter()} />;
}

export function NewPatientOriginRoute() {
  const { chartReports } = useServices();
  const actor = useAppActor(chartReports.newPatientOrigin, { input: chartReports.newPatientOriginInput() });
  return <NewPatientOriginScreen actor={actor} exporter={useExporter()} />;
}

export function PriorityStatusRoute() {
  const { tableReports } = useServices();
  const actor = useAppActor(tableReports.priorityStatus, { input: tableReports.priorityStatusInput() });
  return <PriorityStatusReportScreen actor={actor} exporter={useExporter()} />;
}

export function MembersStatusRoute() {
  const { tableReports } = useServices();
  const actor = useAppActor(tableReports.membersStatus, { input: tableReports.membersStatusInput() });
  const sender = useAppActor(tableReports.membersStatusSend);
  return <MembersStatusReportScreen actor={actor} sender={sender} exporter={useExporter()} />;
}

export function LeadDataRoute() {
  const { tableReports } = useServices();
  const actor = useAppActor(tableReports.leadData, { input: tableReports.leadDataInput() });
  return <LeadDataReportScreen actor={actor} exporters={{ periods: useExporter(), range: useExporter() }} />;
}

export function DeletedByGroupRoute() {
  const { tableReports } = useServices();
  return <DeletedByGroupScreen actor={useAppActor(tableReports.deletedByGroup, { input: tableReports.deletedInput() })} exporter={useExporter()} />;
}

export function DeletedSummaryRoute() {
  const { tableReports } = useServices();
  return <DeletedSummaryScreen actor={useAppActor(tableReports.deletedSummary, { input: tableReports.deletedInput() })} exporter={useExporter()} />;
}

export function DeletedDetailsRoute() {
  const { tableReports } = useServices();
  return <DeletedDetailsScreen actor={useAppActor(tableReports.deletedDetails, { input: tableReports.deletedInput() })} exporter={useExporter()} />;
}

/** §6: the administrator flag sets the usage report's allowEdit. */
export function UsageReportRoute() {
  const { auth, usageReport } = useServices();
  const isAdmin = useSelector(auth, selectIsAdmin);
  return <UsageReportScreen actor={useAppActor(usageReport, { input: { isAdmin } })} exporter={useExporter()} />;
}

export function LiveBoardRoute() {
  return <LiveBoardScreen actor={useAppActor(useServices().liveBoard)} />;
}
