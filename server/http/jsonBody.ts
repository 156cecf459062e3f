// Request bodies (domain/http/mediaType.ts): JSON, read by one parser for every content type so
// that nothing reaches a handler unchecked. Fastify validates a body only against the schemas of the
// content types its route declares, so its default text/plain parser let `hello` through to the
// handlers. A call that takes no body ignores whatever is sent (the fake backend never reads it); an
// empty body is no body, as the fake backend reads bodies too: the app's client labels a body-less
// DELETE /sessions as JSON. The one exception is an uploaded file (openapi.yaml UploadedCsvFile):
// its body is left unread for the handler to stream (fileBody.ts), which checks its type and size.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { HttpError, MAX_BODY_BYTES } from "../../contract/errors.ts";
import { CSV_MEDIA_TYPE, isJsonMediaType, UNSUPPORTED_MEDIA_TYPE } from "../../domain/http/mediaType.ts";

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

/** Whether the route's body is a file its handler streams (a `text/csv` request body in the contract). */
export const takesFileBody = (request: FastifyRequest) => (request.routeOptions.config as { fileBody?: boolean }).fileBody === true;

/** A body of another route labelled text/csv, read whole as the JSON parser would read it (within the body limit). */
async function readText(payload: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of payload as AsyncIterable<Buffer>) {
    bytes += chunk.byteLength;
    if (bytes > MAX_BODY_BYTES) throw new HttpError(413, "Request body is too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function parseJsonBodies(app: FastifyInstance, document: object): void {
  // Glue declares each body per content type, which Fastify validates only for that type: a body
  // schema of its own is validated whatever the request says (an empty body is then "required").
  app.addHook("onRoute", (route) => {
    const body = (route.schema as { body?: { content?: Record<string, { schema?: unknown }> } } | undefined)?.body;
    const json = body?.content?.["application/json"]?.schema;
    if (route.schema && json !== undefined) route.schema.body = json;
    if (route.schema && body?.content?.[CSV_MEDIA_TYPE] !== undefined) {
      delete route.schema.body;
      route.config = { ...route.config, fileBody: true } as typeof route.config;
    }
  });
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  const parseBody = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
    const text = String(body);
    if (!takesBody(request) || text.trim() === "") return done(null, undefined);
    if (!isJsonMediaType(request.headers["content-type"])) return done(new HttpError(415, UNSUPPORTED_MEDIA_TYPE), undefined);
    parseJson(request, text, done);
  };
  for (const type of ["*", ...mediaTypesOf(document)].filter((type) => type !== CSV_MEDIA_TYPE)) app.addContentTypeParser(type, { parseAs: "string" }, parseBody);
  app.addContentTypeParser(CSV_MEDIA_TYPE, (request, payload, done) => {
    if (takesFileBody(request)) return done(null, undefined);
    readText(payload).then(
      (text) => parseBody(request, text, done),
      (error: Error) => done(error, undefined),
    );
  });
}
