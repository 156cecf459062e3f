// JSON bodies: an empty body is no body (the fake backend reads bodies the same way), and the
// contract's validation decides whether the call needed one. The app's client sends
// `Content-Type: application/json` on every call, a DELETE /sessions without a body too, which
// Fastify's own parser refuses with 400.
import type { FastifyInstance } from "fastify";

export function parseJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, done);
  });
}
