// The call-recordings directory's query (openapi.yaml getCallDirectoryList, searchCallRecordings):
// the filters both backends apply. The contract's patterns check the shape of each value; this
// checks what they cannot (a `dates` range of real days that does not run backwards).
import { isCalendarDate } from "../calendar.ts";
import { invalidRequest } from "../../contract/errors.ts";

export interface DirectoryFilters {
  /** A practice id; undefined = every practice. */
  practiceId?: number;
  /** A campaign name; undefined = every campaign. */
  campaign?: string;
  dateFolder?: string;
  /** Both day folders included. */
  dates?: { startDate: string; endDate: string };
  /** Trimmed; '' or undefined = no search. */
  search?: string;
  /** Only the recordings linked to this member. */
  memberId?: number;
  /** Only this agent's recordings: their e-mail in lower case, compared whole. */
  agent?: string;
}

export interface DirectoryQuery {
  practice?: string;
  campaign?: string;
  dateFolder?: string;
  dates?: string;
  search?: string;
  memberId?: number;
  agent?: string;
}

/** §9 "Call recording size shown in KB with 1 decimal": the number, without its unit. */
export const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);

/** openapi.yaml, downloadCallRecording: the 410 of a recording whose audio retention removed. */
export const AUDIO_REMOVED = "The audio of this recording was removed when its retention period ended.";

/** openapi.yaml, searchCallRecordings: the first 50 matches. */
export const SEARCH_ROWS = 50;

const refuseDates = (message: string) => invalidRequest([{ field: "dates", message }]);

/** `YYYY-MM-DD,YYYY-MM-DD`: two real dates, start not after end; else a 400 naming `dates`. */
export function parseDateRange(text: string): { startDate: string; endDate: string } {
  const [startDate = "", endDate = "", ...rest] = text.split(",");
  if (rest.length > 0 || !isCalendarDate(startDate) || !isCalendarDate(endDate)) throw refuseDates("must be two dates YYYY-MM-DD,YYYY-MM-DD");
  if (startDate > endDate) throw refuseDates("must not start after it ends");
  return { startDate, endDate };
}

/** The filters of a directory query (`all` is no filter). */
export function directoryFiltersOf(query: DirectoryQuery): DirectoryFilters {
  const filters: DirectoryFilters = { search: (query.search ?? "").trim() };
  if (query.practice !== undefined && query.practice !== "all") filters.practiceId = Number(query.practice);
  if (query.campaign !== undefined && query.campaign !== "all") filters.campaign = query.campaign;
  if (query.dateFolder !== undefined) filters.dateFolder = query.dateFolder;
  if (query.dates !== undefined) filters.dates = parseDateRange(query.dates);
  if (query.memberId !== undefined) filters.memberId = query.memberId;
  if (query.agent !== undefined) filters.agent = query.agent.toLowerCase();
  return filters;
}
