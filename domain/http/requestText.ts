// Text a request may carry: PostgreSQL stores no NUL character (U+0000) in text, and no caller has
// a reason to send one, so both backends refuse it wherever it appears (openapi.yaml, Errors).
import type { FieldProblem } from "../../contract/errors.ts";

export const NUL_PROBLEM = "must not contain a NUL character";

/**
 * One problem per string holding a NUL, named as the contract names fields: `root.path.to.field`
 * (an empty root names body fields by their path alone, `notes`, `applicationList.0`).
 */
export function nulProblems(value: unknown, root: string): FieldProblem[] {
  if (typeof value === "string") return value.includes("\u0000") ? [{ field: root || "body", message: NUL_PROBLEM }] : [];
  if (value === null || typeof value !== "object") return [];
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  return entries.flatMap(([key, item]) => [
    ...(key.includes("\u0000") ? [{ field: root ? `${root}.${key}` : key, message: NUL_PROBLEM }] : []),
    ...nulProblems(item, root ? `${root}.${key}` : key),
  ]);
}
