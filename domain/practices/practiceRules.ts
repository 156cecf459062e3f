// The rules of practice and region administration both backends follow: an abbreviation is kept
// upper case and names one practice (the payers' files and the members list find practices by it,
// without regard to case); the regions are the specification's four, each named by the practice
// group, with a default name until it is given one.
import type { components } from "../../contract/schema";
import { compareText } from "../order.ts";

type Region = components["schemas"]["Region"];

/** openapi.yaml PracticeInput.practiceabbr: letters, digits and dashes, up to 20, beginning with a letter or digit. */
export const isAbbreviation = (text: string) => /^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/.test(text.trim());

/** An abbreviation as it is kept and compared. */
export const practiceAbbreviation = (text: string) => text.trim().toUpperCase();

export const abbreviationTaken = (abbr: string, practice: string) => `The abbreviation ${practiceAbbreviation(abbr)} is used by ${practice} already`;
export const ABBREVIATION_TAKEN_DETAIL = "is the abbreviation of another practice";
export const NO_SUCH_PRACTICE = "No such practice";

/** §4 region options (docs/architecture.md, Vocabulary), with the names they carry until the group names them. */
export const DEFAULT_REGION_TITLES: Readonly<Record<Region, string>> = {
  SMD: "Smile Magic",
  FSD: "Family Smiles",
  OTD: "Other practices",
  "3CD": "3CD",
};

export const REGION_NAMES = (Object.keys(DEFAULT_REGION_TITLES) as Region[]).sort(compareText);
