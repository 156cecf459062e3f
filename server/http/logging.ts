// What the server's logs may say about a request: never a token and never member data. An API call
// is logged by its route's pattern (its parameters hold hand-off tokens and member keys such as
// subscriber ids, its query the names staff search for); a page by its path without the query
// (`?token=` hands off), with the token of /cdpLogin/{token} cut out.
import type { FastifyError, FastifyLoggerOptions, FastifyRequest } from "fastify";

export function loggedUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern?.startsWith("/api/")) return pattern;
  const [path = ""] = request.url.split("?");
  return path.replace(/(\/cdpLogin\/)[^/]+/, "$1[token]");
}

/** Fastify's logger options: request lines as above; errors without a database error's `detail`, which quotes row values. */
export const loggerOptions: FastifyLoggerOptions = {
  serializers: {
    req: (request: FastifyRequest) => ({ method: request.method, url: loggedUrl(request), remoteAddress: request.ip }),
    err: (error: FastifyError) => ({
      type: error.name,
      message: error.message,
      stack: error.stack ?? "",
      code: error.code,
      statusCode: error.statusCode,
    }),
  },
};
