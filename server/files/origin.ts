// The origin the caller reached the server on: links the server answers (download links, help
// files stored on the server) point back at it, as the fake backend's do.
import type { FastifyRequest } from "fastify";

export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Each comma-separated link resolved against the caller's origin; absolute URLs stay as they are. */
export function absoluteLinks(links: string, origin: string): string {
  if (links === "") return "";
  return links
    .split(",")
    .map((link) => new URL(link, origin).href)
    .join(",");
}
