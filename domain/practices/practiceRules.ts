// The rules of practice administration both backends follow: an abbreviation is kept upper case
// and names one practice (the payers' files and the members list find practices by it, without
// regard to case). The regions' rules are in regionRules.ts.

/** openapi.yaml PracticeInput.practiceabbr: letters, digits and dashes, up to 20, beginning with a letter or digit. */
export const isAbbreviation = (text: string) => /^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/.test(text.trim());

/** An abbreviation as it is kept and compared. */
export const practiceAbbreviation = (text: string) => text.trim().toUpperCase();

export const abbreviationTaken = (abbr: string, practice: string) => `The abbreviation ${practiceAbbreviation(abbr)} is used by ${practice} already`;
export const ABBREVIATION_TAKEN_DETAIL = "is the abbreviation of another practice";
export const NO_SUCH_PRACTICE = "No such practice";
