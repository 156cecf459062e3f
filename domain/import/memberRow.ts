// Every row of a member file is checked before anything is written: a row is either a member to
// upsert or a list of reasons, which the run log keeps with the row's line. Reasons name the
// column and what is wrong, never the patient's values (the log is read by staff without the file).
import type { RawRow } from "./columns.ts";

export interface PracticeRef {
  id: number;
  abbr: string;
  brands: string[];
}

export interface MemberRow {
  subscriberId: string;
  practiceId: number;
  patNum: string;
  mco: string;
  firstName: string;
  middleName: string;
  lastName: string;
  address1: string;
  city: string;
  state: string;
  phone: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
}

export interface RowRules {
  /** The payer of the file (lower case, as members.company stores it). */
  brand: string;
  practices: ReadonlyMap<string, PracticeRef>;
  /** The practice of the whole file (`--practice`), by abbreviation. */
  practice: PracticeRef | undefined;
  /** YYYY-MM-DD: no one on the list is born after the file was extracted. */
  extractedOn: string;
}

export type Checked = { ok: true; member: MemberRow } | { ok: false; reasons: string[] };

const SUBSCRIBER_ID = /^[A-Za-z0-9-]{1,30}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const MAX_TEXT = 200;

/** YYYY-MM-DD of a real calendar day written as YYYY-MM-DD or MM/DD/YYYY (the payers' format), else undefined. */
export function calendarDate(text: string): string | undefined {
  const iso = ISO_DATE.exec(text);
  const us = US_DATE.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year || !month || !day) return undefined;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const normal = date.toISOString().slice(0, 10);
  const written = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return normal === written ? normal : undefined;
}

export function checkRow(raw: RawRow, rules: RowRules): Checked {
  const reasons: string[] = [];
  const text = (column: string) => (raw[column] ?? "").trim();
  const required = (column: string) => {
    const value = text(column);
    if (value === "") reasons.push(`missing ${column}`);
    return value;
  };

  if (raw.__parsed_extra) reasons.push(`${raw.__parsed_extra.length} more field(s) than the header has columns`);
  const subscriberId = required("Subscriber_ID");
  if (subscriberId && !SUBSCRIBER_ID.test(subscriberId)) reasons.push("Subscriber_ID must be 1–30 letters, digits or dashes");
  const mco = required("MCO");
  const firstName = required("First_Name");
  const lastName = required("Last_Name");

  const birthText = required("Date_of_Birth");
  const dateOfBirth = birthText ? calendarDate(birthText) : undefined;
  if (birthText && !dateOfBirth) reasons.push("invalid Date_of_Birth (expected YYYY-MM-DD or MM/DD/YYYY)");
  else if (dateOfBirth && (dateOfBirth > rules.extractedOn || dateOfBirth < "1900-01-01")) reasons.push("Date_of_Birth is not a plausible birth date");

  const practice = practiceOf(text("Practice"), rules, reasons);

  const patNum = text("PatNum");
  if (patNum && !/^\d{1,20}$/.test(patNum)) reasons.push("PatNum must be digits");
  const phone = text("Phone");
  if (phone && phone.replace(/\D/g, "").length < 10) reasons.push("Phone has fewer than 10 digits");
  const state = text("State").toUpperCase();
  if (state && !/^[A-Z]{2}$/.test(state)) reasons.push("State must be a two-letter code");
  for (const column of ["MCO", "First_Name", "Middle_Name", "Last_Name", "Address1", "City"]) {
    if (text(column).length > MAX_TEXT) reasons.push(`${column} is longer than ${MAX_TEXT} characters`);
  }

  if (reasons.length > 0 || !practice || !dateOfBirth) return { ok: false, reasons };
  return {
    ok: true,
    member: {
      subscriberId,
      practiceId: practice.id,
      patNum,
      mco,
      firstName,
      middleName: text("Middle_Name"),
      lastName,
      address1: text("Address1"),
      city: text("City"),
      state,
      phone,
      dateOfBirth,
    },
  };
}

/** The row's practice: its own code, or the file's; it must exist and take the file's payer. */
function practiceOf(code: string, rules: RowRules, reasons: string[]): PracticeRef | undefined {
  let practice = rules.practice;
  if (practice && code && code.toUpperCase() !== practice.abbr.toUpperCase()) {
    reasons.push(`Practice '${code}' is not the practice of this import (${practice.abbr})`);
    return undefined;
  }
  if (!practice) {
    if (!code) {
      reasons.push("missing Practice");
      return undefined;
    }
    practice = rules.practices.get(code.toUpperCase());
    if (!practice) {
      reasons.push(`unknown practice code '${code}'`);
      return undefined;
    }
  }
  if (!practice.brands.includes(rules.brand)) {
    reasons.push(`practice ${practice.abbr} does not take ${rules.brand.toUpperCase()} members`);
    return undefined;
  }
  return practice;
}
