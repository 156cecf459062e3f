// Request bodies (domain/http/mediaType.ts): JSON only, read by one parser for every content type so
// that nothing reaches a handler unchecked. Fastify validates a body only against the schemas of the
// content types its route declares, so its default text/plain parser let `hello` through to the
// handlers. A call that takes no body ignores whatever is sent (the fake backend never reads it); an
// empty body is no body, as the fake backend reads bodies too: the app's client labels a body-less
// DELETE /sessions as JSON.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../../contract/errors.ts";
import { isJsonMediaType, UNSUPPORTED_MEDIA_TYPE } from "../../domain/http/mediaType.ts";

/**
 * Every media type the contract names, of bodies and of answers: fastify-openapi-glue warns at
 * start about each one without a parser of its own ("ContentTypeParser for 'text/csv' not found"),
 * though the catch-all parser below reads them all. Naming them silences five WARN lines an
 * administrator would chase, and changes nothing else.
 */
function mediaTypesOf(document: object): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "content" && value && typeof value === "object") for (const type of Object.keys(value)) found.add(type);
      visit(value);
    }
  };
  visit((document as { paths?: unknown }).paths);
  return [...found];
}

const takesBody = (request: FastifyRequest) => (request.routeOptions.schema as { body?: unknown } | undefined)?.body !== undefined;

export function parseJsonBodies(app: FastifyInstance, document: object): void {
  // Glue declares each body per content type, which Fastify validates only for that type: a body
  // schema of its own is validated whatever the request says (an empty body is then "required").
  app.addHook("onRoute", (route) => {
    const body = (route.schema as { body?: { content?: Record<string, { schema?: unknown }> } } | undefined)?.body;
    const json = body?.content?.["application/json"]?.schema;
    if (route.schema && json !== undefined) route.schema.body = json;
  });
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  const parseBody = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
    const text = String(body);
    if (!takesBody(request) || text.trim() === "") return done(null, undefined);
    if (!isJsonMediaType(request.headers["content-type"])) return done(new HttpError(415, UNSUPPORTED_MEDIA_TYPE), undefined);
    parseJson(request, text, done);
  };
  for (const type of ["*", ...mediaTypesOf(document)]) app.addContentTypeParser(type, { parseAs: "string" }, parseBody);
}
