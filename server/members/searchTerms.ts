// What a search text of the members list means (specification §5), the server's copy of the fake
// backend's rule (mocks/members/searchTerms.ts; the server may not import mocks/, and
// search.test.ts checks both answer alike): fuse.js at threshold 0.1 over First_Name, Middle_Name,
// Last_Name, "First Last", Subscriber_ID, PatNum, Phone and the birth date (ISO and MM/DD/YYYY),
// after trimming; a phone typed as digits is also searched in the phones' digits; a full date
// finds that birth date exactly.
import type { IFuseOptions } from "fuse.js";

/** Specification §5. */
export const SEARCH_THRESHOLD = 0.1;

/** A member's searched values, as fuse.js sees them. */
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
/** In the order of `search_text` (migration 0010). */
export const TEXT_KEYS: readonly SearchKey[] = ["First_Name", "Middle_Name", "Last_Name", "fullName", "Subscriber_ID", "PatNum", "Phone", "Date_of_Birth", "birthDateAsListed"];
export const PHONE_KEYS: readonly SearchKey[] = ["phoneDigits"];

export const FUSE_OPTIONS = {
  threshold: SEARCH_THRESHOLD,
  ignoreLocation: true,
  isCaseSensitive: false,
  ignoreDiacritics: false,
  shouldSort: false,
} satisfies IFuseOptions<SearchDoc>;

export type SearchTerm = { birthDate: string } | { pattern: string; keys: readonly SearchKey[] };

const digitsOf = (text: string) => text.replace(/\D/g, "");

/** The searched values of a member (birth date as YYYY-MM-DD). */
export function toSearchDoc(member: { first_name: string; middle_name: string; last_name: string; subscriber_id: string; pat_num: string; phone: string; date_of_birth: string }): SearchDoc {
  const birth = member.date_of_birth;
  return {
    First_Name: member.first_name,
    Middle_Name: member.middle_name,
    Last_Name: member.last_name,
    fullName: `${member.first_name} ${member.last_name}`,
    Subscriber_ID: member.subscriber_id,
    PatNum: member.pat_num,
    Phone: member.phone,
    phoneDigits: digitsOf(member.phone),
    Date_of_Birth: birth,
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
  const terms: SearchTerm[] = [{ pattern: trimmed, keys: TEXT_KEYS }];
  if (/^[\d\s().+-]+$/.test(trimmed) && digitsOf(trimmed).length >= 7) {
    terms.push({ pattern: digitsOf(trimmed), keys: PHONE_KEYS });
  }
  return terms;
}
