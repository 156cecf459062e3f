// Rules of the user's defaults that the contract states in words, not in its schemas (the mock's
// mocks/setup/setupRules.ts, with the practices read from the database).
import type { Kysely } from "kysely";
import type { components } from "../../src/api/schema.d.ts";
import type { Database } from "../db/database.ts";
import type { FieldProblem } from "../errors.ts";

/** The contract's MemberStatus values; the compiler refuses a missing or unknown one. */
const MEMBER_STATUSES: Record<components["schemas"]["MemberStatus"], true> = {
  "Dropped Patient": true,
  "Recare Future Appointment": true,
  "Recare No Future Appointment": true,
  "New Patient": true,
  "New Patient With Apt": true,
  "Duplicate SubID": true,
};

const MAX_INTEGER = 2_147_483_647;
const PRACTICE_ID_LIST = /^([1-9][0-9]*(;[1-9][0-9]*)*)?$/;

/** The ids of a semicolon-separated practice list that name no practice ('' names none). */
export async function unknownPracticeIds(db: Kysely<Database>, list: string): Promise<string[]> {
  if (list === "") return [];
  const ids = list.split(";");
  // An id beyond the integer column's range names no practice (and would be an SQL error).
  const candidates = ids.map(Number).filter((id) => id <= MAX_INTEGER);
  const known = candidates.length === 0 ? [] : await db.selectFrom("practices").select("id").where("id", "in", candidates).execute();
  const knownIds = new Set(known.map((row) => String(row.id)));
  return ids.filter((id) => !knownIds.has(id));
}

/**
 * A members-list default (POST /userSetup): `practice` holds existing practice ids,
 * semicolon-separated ('' = all); `status` a member status or `all`.
 */
export async function setupValueProblem(db: Kysely<Database>, field: "practice" | "status", value: string): Promise<FieldProblem | undefined> {
  if (field === "status") {
    return value === "all" || Object.hasOwn(MEMBER_STATUSES, value) ? undefined : { field: "value", message: "must be a member status or all" };
  }
  if (!PRACTICE_ID_LIST.test(value)) return { field: "value", message: "must be semicolon-separated practice ids" };
  const unknown = await unknownPracticeIds(db, value);
  return unknown.length > 0 ? { field: "value", message: `names unknown practices: ${unknown.join(", ")}` } : undefined;
}
