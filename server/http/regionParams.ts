// Region filters name regions there are (domain/practices/regionRules.ts): checked before the
// handler of each route with a `region` path or query parameter, after the contract's validation,
// so that a region an administrator removed (or never added) is a 400 naming the parameter on
// every call alike.
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { invalidRequest } from "../../contract/errors.ts";
import { unknownRegionProblem } from "../../domain/practices/regionRules.ts";
import type { OperationRules } from "../contract.ts";
import type { Database } from "../db/database.ts";
import { regionCodes } from "../practices/practicesAdmin.repository.ts";

export function regionCheck(db: Kysely<Database>, parameters: OperationRules["regionParameters"]): ((request: FastifyRequest) => Promise<void>) | undefined {
  if (parameters.length === 0) return undefined;
  return async (request) => {
    const asked = parameters.map(({ name, in: where }) => ({ name, value: ((where === "path" ? request.params : request.query) as Record<string, unknown>)[name] }));
    if (asked.every(({ value }) => value === undefined || value === "all")) return;
    const codes = await regionCodes(db);
    const problems = asked.flatMap(({ name, value }) => unknownRegionProblem(name, value, codes) ?? []);
    if (problems.length > 0) throw invalidRequest(problems);
  };
}

/** A region inside a JSON parameter (`params.region`) names a region there is, or `all`. */
export async function checkRegionField(db: Kysely<Database>, field: string, value: string): Promise<void> {
  if (value === "all") return;
  const problem = unknownRegionProblem(field, value, await regionCodes(db));
  if (problem) throw invalidRequest([problem]);
}
