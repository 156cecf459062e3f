// The call-recordings directory: filters, search, order and paging of
// `GET /call-recordings/directoryList` and `GET /call-recordings/search` (openapi.yaml).
import type { DirectoryFilters } from "../../domain/recordings/directory.ts";
import type { components } from "../../contract/schema";

type CallRecording = components["schemas"]["CallRecording"];

/** Phone number, agent e-mail or file name contains the text, ignoring case. */
export function matchesSearch(recording: CallRecording, search: string): boolean {
  const text = search.toLowerCase();
  if (text === "") return true;
  return [recording.phone, recording.mail, recording.name].some((value) => value.toLowerCase().includes(text));
}

export function matchesFilters(recording: CallRecording, filters: DirectoryFilters): boolean {
  const { practiceId, campaign, dateFolder, dates, search = "", memberId, agent } = filters;
  return (
    (practiceId === undefined || recording.practiceId === practiceId) &&
    (memberId === undefined || recording.memberId === memberId) &&
    (agent === undefined || recording.mail.toLowerCase() === agent) &&
    (campaign === undefined || recording.campaign === campaign) &&
    (dateFolder === undefined || recording.dateFolder === dateFolder) &&
    (dates === undefined || (recording.dateFolder >= dates.startDate && recording.dateFolder <= dates.endDate)) &&
    matchesSearch(recording, search)
  );
}

/** Newest `recordedAt` first, ties by id descending. */
export function newestFirst(a: CallRecording, b: CallRecording): number {
  return Date.parse(b.recordedAt) - Date.parse(a.recordedAt) || b.id - a.id;
}

/** The recordings that match every filter, newest first. */
export function findRecordings<R extends CallRecording>(recordings: readonly R[], filters: DirectoryFilters): R[] {
  return recordings.filter((recording) => matchesFilters(recording, filters)).sort(newestFirst);
}

/** One 1-based page; past the end, an empty page. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  return rows.slice((page - 1) * size, page * size);
}
