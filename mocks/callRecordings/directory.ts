// The call-recordings directory: filters, search, order and paging of
// `GET /call-recordings/directoryList` and `GET /call-recordings/search` (openapi.yaml).
import type { components } from "../../src/api/schema";
import type { FieldProblem } from "../openapi/validate";

type CallRecording = components["schemas"]["CallRecording"];

export interface DirectoryFilters {
  /** A practice id; undefined = every practice. */
  practiceId?: number;
  /** A campaign name; undefined = every campaign. */
  campaign?: string;
  dateFolder?: string;
  /** Both day folders included. */
  dates?: { startDate: string; endDate: string };
  /** Trimmed before use; '' = no search. */
  search?: string;
}

const isCalendarDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/** `YYYY-MM-DD,YYYY-MM-DD`: two real dates, start not after end; else a problem naming `dates`. */
export function parseDateRange(text: string): { startDate: string; endDate: string } | FieldProblem {
  const [startDate = "", endDate = "", ...rest] = text.split(",");
  if (rest.length > 0 || !isCalendarDate(startDate) || !isCalendarDate(endDate)) {
    return { field: "dates", message: "must be two dates YYYY-MM-DD,YYYY-MM-DD" };
  }
  if (startDate > endDate) return { field: "dates", message: "must not start after it ends" };
  return { startDate, endDate };
}

/** Phone number, agent e-mail or file name contains the text, ignoring case. */
export function matchesSearch(recording: CallRecording, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (text === "") return true;
  return [recording.phone, recording.mail, recording.name].some((value) => value.toLowerCase().includes(text));
}

export function matchesFilters(recording: CallRecording, filters: DirectoryFilters): boolean {
  const { practiceId, campaign, dateFolder, dates, search = "" } = filters;
  return (
    (practiceId === undefined || recording.practiceId === practiceId) &&
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
