import dayjs from "dayjs";
import type { SnapshotFrom } from "xstate";
import { kilobytes } from "../../../domain/recordings/directory.ts";
import type { ExportRequest } from "../export/export.machine";
import { directoryQuery, type callRecordingsMachine, type CallRecording } from "./callRecordings.machine";

type CallRecordingsSnapshot = SnapshotFrom<typeof callRecordingsMachine>;

/** §9 "Call recording size shown in KB with 1 decimal". */
export const sizeInKb = (bytes: number) => `${kilobytes(bytes)} KB`;
/** When the call was recorded, in the reader's time. */
export const recordingDate = (recordedAt: string) => dayjs(recordedAt).format("MM/DD/YYYY hh:mm A");

export interface RecordingRow {
  recording: CallRecording;
  date: string;
  phone: string;
  mail: string;
  practice: string;
  size: string;
  /** Retention removed its audio: the row stays, with nothing to download or play. */
  audioRemoved: boolean;
}

export const selectLoading = (snapshot: CallRecordingsSnapshot) => snapshot.matches({ directory: "loading" });
export const selectCampaigns = (snapshot: CallRecordingsSnapshot) => snapshot.context.campaigns;
export const selectCampaign = (snapshot: CallRecordingsSnapshot) => snapshot.context.campaign;
export const selectSearchDraft = (snapshot: CallRecordingsSnapshot) => snapshot.context.searchDraft;
/** Whose recordings only the page shows (a link from another screen), null for everyone's. */
export const selectRecordingsOf = (snapshot: CallRecordingsSnapshot) => snapshot.context.of;
export const selectPageSize = (snapshot: CallRecordingsSnapshot) => snapshot.context.pageSize;
export const selectPage = (snapshot: CallRecordingsSnapshot) => snapshot.context.page;
export const selectCount = (snapshot: CallRecordingsSnapshot) => snapshot.context.directory.count;
export const selectCalendarOpen = (snapshot: CallRecordingsSnapshot) => snapshot.matches({ calendar: "open" });
export const selectPicked = (snapshot: CallRecordingsSnapshot) => snapshot.context.picked;
export const selectRange = (snapshot: CallRecordingsSnapshot) => snapshot.context.range;
export const selectDownloading = (snapshot: CallRecordingsSnapshot) => snapshot.matches({ download: "requesting" });

export const selectRows = (snapshot: CallRecordingsSnapshot): RecordingRow[] =>
  snapshot.context.directory.rows.map((recording) => ({
    recording,
    date: recordingDate(recording.recordedAt),
    phone: recording.phone,
    mail: recording.mail,
    practice: recording.practice,
    size: sizeInKb(recording.size),
    audioRemoved: recording.audioRemovedAt !== null,
  }));

export const selectPageCount = (snapshot: CallRecordingsSnapshot) =>
  Math.ceil(snapshot.context.directory.count / snapshot.context.pageSize);

/** The directory's filters and search as CSV, every page, once the directory is shown. */
export const selectCallRecordingsExport = (snapshot: CallRecordingsSnapshot): ExportRequest | null => {
  if (selectLoading(snapshot)) return null;
  const { activePage: _page, selectedPageSize: _size, ...query } = directoryQuery(snapshot.context);
  return { report: "callRecordings", query };
};
