// No text of a request may hold a NUL (domain/http/requestText.ts): checked after the contract's
// validation and before any handler, over the path, the query and the body. JSON parameters are
// checked where they are decoded (server/jsonParams.ts).
import type { FastifyInstance } from "fastify";
import { invalidRequest } from "../../contract/errors.ts";
import { nulProblems } from "../../domain/http/requestText.ts";

export function refuseNulText(app: FastifyInstance): void {
  app.addHook("preHandler", async (request) => {
    const named = { ...(request.params as object), ...(request.query as object) };
    const problems = [...Object.entries(named).flatMap(([name, value]) => nulProblems(value, name)), ...nulProblems(request.body, "")];
    if (problems.length > 0) throw invalidRequest(problems);
  });
}
