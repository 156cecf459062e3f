// The origin the caller reached the server on: links the server answers (download links, help
// files stored on the server) point back at it, as the fake backend's do.
import type { FastifyRequest } from "fastify";

export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
