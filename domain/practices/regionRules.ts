// The rules of region administration both backends follow: a region is the call center's, added,
// named and removed by its administrators; its code is kept upper case and names one region, its
// name is one region's without regard to case, and a region that still has practices stays.
import type { FieldProblem } from "../../contract/errors.ts";
import { compareText } from "../order.ts";

/** A region's code as it is kept and compared (openapi.yaml RegionInput.name). */
export const regionCode = (text: string) => text.trim().toUpperCase();

/** openapi.yaml Region: up to 10 letters, digits and dashes, beginning with a letter or digit. */
export const isRegionCode = (text: string) => /^[A-Za-z0-9][A-Za-z0-9-]{0,9}$/.test(text.trim());

/** A region's name as it is kept: trimmed, inner runs of spaces as one. */
export const regionTitle = (text: string) => text.trim().replace(/\s+/g, " ");

/** Two names are the same name whatever their case. */
export const sameTitle = (a: string, b: string) => regionTitle(a).toLowerCase() === regionTitle(b).toLowerCase();

export const NO_SUCH_REGION = "No such region";
export const UNKNOWN_REGION_DETAIL = "is not a region";
export const codeTaken = (code: string) => `There is a region ${regionCode(code)} already`;
export const CODE_TAKEN_DETAIL = "is the code of another region";
export const titleTaken = (title: string, code: string) => `${code} is called ${regionTitle(title)} already`;
export const TITLE_TAKEN_DETAIL = "is the name of another region";
export const HAS_PRACTICES_DETAIL = "has practices";

/** The refusal of removing a region that has practices, naming them by abbreviation. */
export const regionHasPractices = (code: string, abbreviations: readonly string[]) =>
  `${code} has practices: ${[...abbreviations].sort(compareText).join(", ")}. Move them to another region first`;

/**
 * A `region` filter (path or query) names a region there is, or `all`; an unknown one is a 400 naming
 * the field, not an empty answer that looks like a region without members.
 */
export function unknownRegionProblem(field: string, value: unknown, codes: readonly string[]): FieldProblem | null {
  if (typeof value !== "string" || value === "all" || codes.includes(value)) return null;
  return { field, message: UNKNOWN_REGION_DETAIL };
}

