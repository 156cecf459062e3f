// What the administration screens show of a refused change: the server's message and the fields it
// names with what is wrong with each (a 400 names each offending field; a 409 the field it
// conflicts on), so a form can say which of its fields to look at, and why.
import { toFailure } from "../api/errors";

export interface Failure {
  message: string;
  statusCode: number;
  /** The fields the answer named. */
  fields: string[];
  /** What the answer said of each field. */
  problems: string[];
}

export function failureOf(error: unknown): Failure {
  const { message, statusCode } = toFailure(error);
  const details = (error as { details?: { field: string; message: string }[] } | null)?.details ?? [];
  return { message, statusCode, fields: details.map((detail) => detail.field), problems: details.map((detail) => detail.message) };
}

/** The failure in words: a 400's field problems say more than its "Invalid request: content". */
export const failureText = (failure: Failure) => (failure.statusCode === 400 && failure.problems.length > 0 ? failure.problems.join(" ") : failure.message);
