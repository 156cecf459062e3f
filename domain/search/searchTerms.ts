// What a search text of the members list means (specification §5): fuse.js at threshold 0.1 over
// First_Name, Last_Name, Middle_Name, Subscriber_ID, PatNum, Phone and Date_of_Birth, after trimming.
//
// Threshold 0.1 with `ignoreLocation`: a value matches when the text appears in it with at most one
// error (insert, delete, change) per ten characters: names, subscriber ids and patient numbers
// shorter than ten characters must appear exactly, longer ones may have one typo. So that agents
// find members the way they type them, three readings are added, all derived from those fields:
//   - a phone typed as digits ("7976554157", "797-655-4157") is also searched in the phone's digits;
//   - a full date ("2019-03-24", "03/24/2019", "3/24/2019") finds that birth date exactly: one
//     changed digit of a date is another child's birthday, not a typo;
//   - "First Last" is searched as one value, and the list's MM/DD/YYYY birth date beside the ISO one.
// A text of one or two characters is a prefix of a first or last name instead (shortSearch.ts).
import type { IFuseOptions } from "fuse.js";
import type { components } from "../../contract/schema";
import { shortSearchPrefix } from "./shortSearch.ts";

/** The member's fields the search looks in. */
export type SearchedMember = Pick<
  components["schemas"]["Member"],
  "First_Name" | "Middle_Name" | "Last_Name" | "Subscriber_ID" | "PatNum" | "Phone" | "Date_of_Birth"
>;

/** Specification §5. */
export const SEARCH_THRESHOLD = 0.1;

/** A member's searched values: the fields of §5 and the readings derived from them. */
export interface SearchDoc {
  First_Name: string;
  Middle_Name: string;
  Last_Name: string;
  fullName: string;
  Subscriber_ID: string;
  PatNum: string;
  Phone: string;
  phoneDigits: string;
  Date_of_Birth: string;
  birthDateAsListed: string;
}

export type SearchKey = keyof SearchDoc;
/** In the order of the server's `search_text` column (migration 0010). */
export const TEXT_KEYS: readonly SearchKey[] = [
  "First_Name",
  "Middle_Name",
  "Last_Name",
  "fullName",
  "Subscriber_ID",
  "PatNum",
  "Phone",
  "Date_of_Birth",
  "birthDateAsListed",
];
export const PHONE_KEYS: readonly SearchKey[] = ["phoneDigits"];

export const FUSE_OPTIONS = {
  threshold: SEARCH_THRESHOLD,
  ignoreLocation: true,
  isCaseSensitive: false,
  ignoreDiacritics: false,
  shouldSort: false,
} satisfies IFuseOptions<SearchDoc>;

export type SearchTerm = { birthDate: string } | { namePrefix: string } | { pattern: string; keys: readonly SearchKey[] };

const digitsOf = (text: string) => text.replace(/\D/g, "");

export function toSearchDoc(member: SearchedMember): SearchDoc {
  const birth = member.Date_of_Birth; // YYYY-MM-DD
  return {
    First_Name: member.First_Name,
    Middle_Name: member.Middle_Name,
    Last_Name: member.Last_Name,
    fullName: `${member.First_Name} ${member.Last_Name}`,
    Subscriber_ID: member.Subscriber_ID,
    PatNum: member.PatNum,
    Phone: member.Phone,
    phoneDigits: digitsOf(member.Phone),
    Date_of_Birth: member.Date_of_Birth,
    birthDateAsListed: `${birth.slice(5, 7)}/${birth.slice(8, 10)}/${birth.slice(0, 4)}`,
  };
}

/** A full calendar date as ISO `YYYY-MM-DD`, or null when the text is not one. */
export function asFullDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return date.toISOString().slice(0, 10);
}

/** How a search text is matched ([] = no search). */
export function searchTermsOf(text: string): SearchTerm[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  const birthDate = asFullDate(trimmed);
  if (birthDate) return [{ birthDate }];
  const namePrefix = shortSearchPrefix(trimmed);
  if (namePrefix !== null) return [{ namePrefix }];
  const terms: SearchTerm[] = [{ pattern: trimmed, keys: TEXT_KEYS }];
  if (/^[\d\s().+-]+$/.test(trimmed) && digitsOf(trimmed).length >= 7) {
    terms.push({ pattern: digitsOf(trimmed), keys: PHONE_KEYS });
  }
  return terms;
}
