// Rules of the user's defaults that the contract states in words, not in its schemas.
import { MEMBER_STATUSES } from "../../src/lib/vocabulary";
import type { FieldProblem } from "../openapi/validate";

const PRACTICE_ID_LIST = /^([1-9][0-9]*(;[1-9][0-9]*)*)?$/;

/** The ids of a semicolon-separated practice list that name no practice ('' names none). */
export function unknownPracticeIds(list: string, practiceIds: ReadonlySet<number>): string[] {
  if (list === "") return [];
  return list.split(";").filter((id) => !practiceIds.has(Number(id)));
}

/**
 * A members-list default (`POST /userSetup`): `practice` holds existing practice ids,
 * semicolon-separated ('' = all); `status` a member status or `all`.
 */
export function setupValueProblem(
  field: "practice" | "status",
  value: string,
  practiceIds: ReadonlySet<number>,
): FieldProblem | undefined {
  if (field === "status") {
    const allowed: readonly string[] = [...MEMBER_STATUSES, "all"];
    return allowed.includes(value) ? undefined : { field: "value", message: "must be a member status or all" };
  }
  if (!PRACTICE_ID_LIST.test(value)) return { field: "value", message: "must be semicolon-separated practice ids" };
  const unknown = unknownPracticeIds(value, practiceIds);
  return unknown.length > 0 ? { field: "value", message: `names unknown practices: ${unknown.join(", ")}` } : undefined;
}
