// The reads of one request when replicas are configured (server/db/replicas.ts). Each answer whose
// data came through `reads()` says its age in `Data-Age` (openapi.yaml, components/headers), so a
// page can say when its figures are over 5 seconds old. A call that is not a GET and asked for no
// such read is taken for a write: its session's later reads go only to a replica that replayed it.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ReadChoice, ReadReplicas } from "../db/replicas.ts";
import type { Services } from "../services.ts";

export function replicaReads(replicas: ReadReplicas, services: Services, request: FastifyRequest, reply: FastifyReply) {
  const sessionId = request.caller?.session.id;
  let askedForReads = false;
  return {
    services: {
      ...services,
      reads: (): ReadChoice => {
        askedForReads = true;
        const choice = replicas.reads(sessionId);
        if (!reply.raw.headersSent) reply.header("Data-Age", String(Math.floor(choice.lagSeconds)));
        return choice;
      },
    },
    afterCall: async (): Promise<void> => {
      if (sessionId !== undefined && request.method !== "GET" && !askedForReads) await replicas.wrote(sessionId);
    },
  };
}
