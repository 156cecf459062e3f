// The built app (dist/) on the API's origin. Hashed assets are cached for a year (their names change
// with their content); index.html is revalidated on every load so a new build is picked up. Any
// other page the browser asks for (an app route such as /members/all, reloaded or opened from a
// link) is answered with index.html: the history fallback. Unknown /api paths stay JSON 404s.
import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

export class MissingBuildError extends Error {}

/** Serves the build in `distDir`; throws MissingBuildError when it has no index.html. */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, "index.html"))) {
    throw new MissingBuildError(`${join(distDir, "index.html")} is missing: build the app first (npm run build; npm start does it)`);
  }
  await app.register(fastifyStatic, {
    root: distDir,
    // One route per built file, so that every other path reaches the fallback below.
    wildcard: false,
    cacheControl: false,
    // The page, its icon and its assets only: not the build's module list or anything else left in dist/
    // (reply.sendFile asks without the leading slash).
    allowedPath: (pathname) => /^\/?(index\.html|favicon\.(ico|svg))?$/.test(pathname) || /^\/?assets\//.test(pathname),
    setHeaders: (reply, path) => reply.header("cache-control", path.includes(`${sep}assets${sep}`) ? IMMUTABLE : REVALIDATE),
  });
  app.get("/*", (request, reply) => (isPageRequest(request) ? reply.header("cache-control", REVALIDATE).sendFile("index.html") : notFound(reply)));
}

/** A page the browser navigates to: not an API call, and HTML accepted (fetch and asset loads ask for other types). */
function isPageRequest(request: FastifyRequest): boolean {
  return !request.url.startsWith("/api/") && request.url !== "/api" && (request.headers.accept ?? "").includes("text/html");
}

function notFound(reply: FastifyReply) {
  reply.callNotFound();
  return reply;
}
