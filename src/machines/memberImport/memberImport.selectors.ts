import type { SnapshotFrom } from "xstate";
import { failureText } from "../adminFailure";
import type { memberImportMachine } from "./memberImport.machine";

type MemberImportSnapshot = SnapshotFrom<typeof memberImportMachine>;

export const selectFile = (s: MemberImportSnapshot) => s.context.file;
export const selectBrand = (s: MemberImportSnapshot) => s.context.brand;
export const selectFailure = (s: MemberImportSnapshot) => s.context.failure;
/** Why the file was not imported, in words: the check in the browser, or the server's refusal. */
export const selectRefusal = (s: MemberImportSnapshot) => s.context.problem ?? (s.context.failure ? failureText(s.context.failure) : null);
export const selectRun = (s: MemberImportSnapshot) => s.context.run;
export const selectChoosing = (s: MemberImportSnapshot) => s.matches("choosing");
export const selectCanStart = (s: MemberImportSnapshot) => s.can({ type: "memberImport.start" });
/** Sending the file, before the server has the run. */
export const selectSending = (s: MemberImportSnapshot) => s.matches("uploading");
export const selectFollowFailed = (s: MemberImportSnapshot) => s.matches("followFailed");
export const selectFinished = (s: MemberImportSnapshot) => s.matches("finished");

/** How far the server has read the file, 0 to 100. */
export const selectPercent = (s: MemberImportSnapshot) => {
  const run = s.context.run;
  if (!run) return 0;
  if (run.status !== "running") return 100;
  return run.bytesTotal === 0 ? 0 : Math.min(100, Math.floor((100 * run.bytesRead) / run.bytesTotal));
};

/** The refused rows the answer carries, and how many more the run counted. */
export const selectRejections = (s: MemberImportSnapshot) => {
  const run = s.context.run;
  return { shown: run?.rejections ?? [], more: run ? Math.max(0, run.rowsRejected - run.rejections.length) : 0 };
};
