import type { SnapshotFrom } from "xstate";
import { failureText } from "../adminFailure";
import type { feedImportMachine } from "./feedImport.machine";

type FeedImportSnapshot = SnapshotFrom<typeof feedImportMachine>;

export const selectRuns = (s: FeedImportSnapshot) => s.context.runs;
export const selectLoading = (s: FeedImportSnapshot) => s.matches("loading");
export const selectLoadFailed = (s: FeedImportSnapshot) => (s.matches("loadFailed") && s.context.failure ? failureText(s.context.failure) : null);
export const selectFile = (s: FeedImportSnapshot) => s.context.file;
export const selectFeed = (s: FeedImportSnapshot) => s.context.feed;
/** Why the file was not imported, in words: the check in the browser, or the server's refusal. */
export const selectRefusal = (s: FeedImportSnapshot) => (s.matches("loadFailed") ? null : (s.context.problem ?? (s.context.failure ? failureText(s.context.failure) : null)));
export const selectRun = (s: FeedImportSnapshot) => s.context.run;
export const selectChoosing = (s: FeedImportSnapshot) => s.matches("choosing");
export const selectCanStart = (s: FeedImportSnapshot) => s.can({ type: "feedImport.start" });
export const selectFollowFailed = (s: FeedImportSnapshot) => s.matches("followFailed");
export const selectFinished = (s: FeedImportSnapshot) => s.matches("finished");

/** How far the server has read the file, 0 to 100. */
export const selectPercent = (s: FeedImportSnapshot) => {
  const run = s.context.run;
  if (!run) return 0;
  if (run.status !== "running") return 100;
  return run.bytesTotal === 0 ? 0 : Math.min(100, Math.floor((100 * run.bytesRead) / run.bytesTotal));
};

/** The refused rows the answer carries, and how many more the run counted. */
export const selectRejections = (s: FeedImportSnapshot) => {
  const run = s.context.run;
  return { shown: run?.rejections ?? [], more: run ? Math.max(0, run.rowsRejected - run.rejections.length) : 0 };
};
