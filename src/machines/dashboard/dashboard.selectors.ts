import dayjs from "dayjs";
import type { SnapshotFrom } from "xstate";
import { OPEN_ISSUE_DATE_FORMAT } from "../../lib/constants";
import type { dashboardMachine } from "./dashboard.machine";
import { helpFilesOf } from "./helpFiles";

type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

/** §2: the downtime icon appears only when open issues exist. */
export const selectShowsDowntime = (snapshot: DashboardSnapshot) => snapshot.context.openIssues.length > 0;
export const selectTrackerOpen = (snapshot: DashboardSnapshot) => snapshot.matches({ status: { checked: "trackerOpen" } });

/** The tracker's rows, dates as §9 D MMMM YYYY HH:mm in the reader's time. */
export const selectTrackerRows = (snapshot: DashboardSnapshot) =>
  snapshot.context.openIssues.map((issue) => ({
    ...issue,
    downTimeStart: dayjs(issue.downTimeStart).format(OPEN_ISSUE_DATE_FORMAT),
  }));

export const selectHelpOpen = (snapshot: DashboardSnapshot) => !snapshot.matches({ help: "closed" });
export const selectHelpLoading = (snapshot: DashboardSnapshot) => snapshot.matches({ help: "loading" });
export const selectHelpItems = (snapshot: DashboardSnapshot) => snapshot.context.helpItems;

/** The open File modal: its kind and the links of that kind only (§5), or null when closed. */
export const selectOpenFile = (snapshot: DashboardSnapshot) => {
  const { file } = snapshot.context;
  if (!file) return null;
  return { heading: file.item.heading, kind: file.kind, links: helpFilesOf(file.item.fileLinks, file.kind) };
};
