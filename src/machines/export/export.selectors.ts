import type { SnapshotFrom } from "xstate";
import type { ExportRequest, exportMachine } from "./export.machine";

type ExportSnapshot = SnapshotFrom<typeof exportMachine>;
export type ExportStatus = "idle" | "exporting" | "saved" | "failed" | "cancelled";

export const selectExportStatus = (snapshot: ExportSnapshot) => snapshot.value as ExportStatus;

/** Rows received, rows announced, and the share done (0 to 1; unknown without an announcement). */
export const selectExportProgress = (snapshot: ExportSnapshot) => {
  const { rows, total } = snapshot.context;
  return { rows, total, share: total ? Math.min(1, rows / total) : total === 0 ? 1 : null };
};

export const selectExportFileName = (snapshot: ExportSnapshot) => snapshot.context.fileName;
export const selectExportFailure = (snapshot: ExportSnapshot) => snapshot.context.failure;

/** Whether two selections of a screen's export ask the same: its selector builds a new request from each snapshot. */
export const sameExportRequest = (a: ExportRequest | null, b: ExportRequest | null) => JSON.stringify(a) === JSON.stringify(b);
