// What the server's logs may say about a request: never a token and never member data. An API call
// is logged by its route's pattern (its parameters hold hand-off tokens and member keys such as
// subscriber ids, its query the names staff search for); a page by its path without the query
// (`?token=` hands off), with the token of /cdpLogin/{token} cut out.
import type { FastifyError, FastifyLoggerOptions, FastifyRequest } from "fastify";

/**
 * Text with the secrets a URL may carry cut out: hand-off tokens (`/cdpLogin/{token}`, `?token=`)
 * and signed recording links (`/call-recordings/file/{token}`), wherever the text quotes one (a
 * request line, an error message, a stack).
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/(\/cdpLogin\/)[^/?\s"']+/g, "$1[token]")
    .replace(/(\/call-recordings\/file\/)[^/?\s"']+/g, "$1[token]")
    .replace(/([?&]token=)[^&\s"']+/g, "$1[token]");
}

export function loggedUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern?.startsWith("/api/")) return pattern;
  const [path = ""] = request.url.split("?");
  return redactSecrets(path);
}

/** Fastify's logger options: request lines as above; errors without a database error's `detail`, which quotes row values. */
export const loggerOptions: FastifyLoggerOptions = {
  serializers: {
    req: (request: FastifyRequest) => ({ method: request.method, url: loggedUrl(request), remoteAddress: request.ip }),
    err: (error: FastifyError) => ({
      type: error.name,
      message: redactSecrets(error.message),
      stack: redactSecrets(error.stack ?? ""),
      code: error.code,
      statusCode: error.statusCode,
    }),
  },
};
