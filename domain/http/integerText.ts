// Integer parameters of the path and the query arrive as text, which the validators coerce (AJV's
// coerceTypes) with JavaScript's Number: "1e400", "Infinity", "-1e400" and a 309-digit number all
// become Infinity, which AJV 8 still takes for an integer and never compares with the contract's
// minimum and maximum, so it reached PostgreSQL and failed there (500). Both backends read such a
// parameter's text first and refuse anything but an integer written in plain digits, short enough
// to stay exact as a JavaScript number; the contract's bounds then apply to the coerced value.

import type { FieldProblem } from "../../contract/errors.ts";

/** Optional minus, then digits: 15 of them stay exact as a number (2^53 has 16). */
const INTEGER_TEXT = /^-?\d{1,15}$/;

export const INTEGER_TEXT_PROBLEM = "must be an integer written in digits (at most 15)";

/** Whether a parameter's text (or each of a repeated parameter's texts) is an integer. */
export function isIntegerText(value: string | readonly string[]): boolean {
  return typeof value === "string" ? INTEGER_TEXT.test(value) : value.every((text) => INTEGER_TEXT.test(text));
}

/** The problem of an integer parameter whose text is not one, named as the contract names it; undefined when fine or absent. */
export function integerTextProblem(name: string, value: unknown): FieldProblem | undefined {
  if (typeof value !== "string" && !(Array.isArray(value) && value.every((item) => typeof item === "string"))) return undefined;
  return isIntegerText(value) ? undefined : { field: name, message: INTEGER_TEXT_PROBLEM };
}

/** Whether a parameter's schema is an integer the validators would coerce from its text. */
export const isIntegerSchema = (schema: { type?: unknown }) => schema.type === "integer";
