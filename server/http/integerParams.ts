// Integer parameters' text is read before the contract's validation coerces it (domain/http/integerText.ts):
// a preValidation hook of each route that has one, so that "1e400" is a 400 naming the parameter,
// never an Infinity that passes validation and fails in the database.
import type { FastifyRequest } from "fastify";
import { invalidRequest } from "../../contract/errors.ts";
import { integerTextProblem } from "../../domain/http/integerText.ts";
import type { OperationRules } from "../contract.ts";

export function integerTextCheck(parameters: OperationRules["integerParameters"]): ((request: FastifyRequest) => Promise<void>) | undefined {
  if (parameters.length === 0) return undefined;
  return async (request) => {
    const problems = parameters.flatMap(({ name, in: where }) => {
      const values = (where === "path" ? request.params : request.query) as Record<string, unknown>;
      return integerTextProblem(name, values[name]) ?? [];
    });
    if (problems.length > 0) throw invalidRequest(problems);
  };
}
