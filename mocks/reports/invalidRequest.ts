import { MockHttpError } from "../api";
import type { FieldProblem } from "../openapi/validate";

/** The contract's 400 for a rule the schema cannot express, worded as the wrapper words schema problems. */
export function invalidRequest(problems: FieldProblem[]): MockHttpError {
  return new MockHttpError(400, `Invalid request: ${[...new Set(problems.map((problem) => problem.field))].join(", ")}`, problems);
}
