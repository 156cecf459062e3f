// Rules of a user's defaults that the contract states in words, not in its schemas:
// `POST /pmd/setDefault` (default page and practices) and `POST /userSetup` (members-list defaults).
// Which practice ids exist is the caller's to look up: `practiceIdsOf` says which ids to look up,
// and the rules take the ones that named no practice.
import type { FieldProblem } from "../../contract/errors.ts";
import { pagesFor } from "./appPages.ts";
import { MEMBER_STATUSES } from "../vocabulary.ts";

const PRACTICE_ID_LIST = /^([1-9][0-9]*(;[1-9][0-9]*)*)?$/;

/** The ids of a semicolon-separated practice list ('' names none; a list of another shape names none). */
export function practiceIdsOf(list: string): string[] {
  return list !== "" && PRACTICE_ID_LIST.test(list) ? list.split(";") : [];
}

const unknownPractices = (field: string, unknownIds: readonly string[]): FieldProblem[] =>
  unknownIds.length > 0 ? [{ field, message: `names unknown practices: ${unknownIds.join(", ")}` }] : [];

/** `POST /pmd/setDefault`: a page the user may open, and existing practices ('' = all). */
export function defaultsProblems(
  user: { isAdmin: boolean },
  defaults: { defaultPage: string; defaultLocationId: string },
  unknownIds: readonly string[],
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!pagesFor(user).some((page) => page.path === defaults.defaultPage)) {
    problems.push({ field: "defaultPage", message: "must be one of the pages of GET /pmd/getSetup" });
  }
  return [...problems, ...unknownPractices("defaultLocationId", unknownIds)];
}

/**
 * `POST /userSetup`, a members-list default: `practice` holds existing practice ids,
 * semicolon-separated ('' = all); `status` a member status or `all`.
 */
export function setupValueProblems(field: "practice" | "status", value: string, unknownIds: readonly string[]): FieldProblem[] {
  if (field === "status") {
    const allowed: readonly string[] = [...MEMBER_STATUSES, "all"];
    return allowed.includes(value) ? [] : [{ field: "value", message: "must be a member status or all" }];
  }
  if (!PRACTICE_ID_LIST.test(value)) return [{ field: "value", message: "must be semicolon-separated practice ids" }];
  return unknownPractices("value", unknownIds);
}
