import type { SnapshotFrom } from "xstate";
import { failureText } from "../adminFailure";
import type { fileImportMachine } from "./fileImport.machine";

type FileImportSnapshot = SnapshotFrom<typeof fileImportMachine>;

export const selectRuns = (s: FileImportSnapshot) => s.context.runs;
export const selectLoading = (s: FileImportSnapshot) => s.matches("loading");
export const selectLoadFailed = (s: FileImportSnapshot) => (s.matches("loadFailed") && s.context.failure ? failureText(s.context.failure) : null);
export const selectFile = (s: FileImportSnapshot) => s.context.file;
/** The payer or the feed chosen, "" until known. */
export const selectTarget = (s: FileImportSnapshot) => s.context.target;
/** Why the file was not imported, in words: the check in the browser, or the server's refusal. */
export const selectRefusal = (s: FileImportSnapshot) => (s.matches("loadFailed") ? null : (s.context.problem ?? (s.context.failure ? failureText(s.context.failure) : null)));
export const selectRun = (s: FileImportSnapshot) => s.context.run;
export const selectChoosing = (s: FileImportSnapshot) => s.matches("choosing");
export const selectCanStart = (s: FileImportSnapshot) => s.can({ type: "fileImport.start" });
export const selectFollowFailed = (s: FileImportSnapshot) => s.matches("followFailed");
export const selectFinished = (s: FileImportSnapshot) => s.matches("finished");

/** How far the server has read the file, 0 to 100. */
export const selectPercent = (s: FileImportSnapshot) => {
  const run = s.context.run;
  if (!run) return 0;
  if (run.status !== "running") return 100;
  return run.bytesTotal === 0 ? 0 : Math.min(100, Math.floor((100 * run.bytesRead) / run.bytesTotal));
};

/** The refused rows the answer carries, and how many more the run counted. */
export const selectRejections = (s: FileImportSnapshot) => {
  const run = s.context.run;
  return { shown: run?.rejections ?? [], more: run ? Math.max(0, run.rowsRejected - run.rejections.length) : 0 };
};
