// Handlers by operationId, typed from the generated `operations` of openapi.yaml: each receives the
// validated request (glue and AJV have checked it against the contract) and the caller, and returns
// the success answer's body (or undefined for a 204).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ParametersOf, RequestBodyOf, SuccessOf } from "../contract/operations.ts";
import type { operations } from "../contract/schema.d.ts";
import type { Services } from "./services.ts";
import type { SessionRow, UserRow } from "./auth/sessions.repository.ts";

export type OperationId = keyof operations;


export interface Caller {
  session: SessionRow;
  user: UserRow;
  /** The bearer token as presented (only its hash is stored). */
  token: string;
  /** The answer of the work the call did in its session's statement (AlongSession), if any. */
  along?: unknown;
}

export interface Call<K extends OperationId> {
  body: RequestBodyOf<operations[K]>;
  query: ParametersOf<operations[K], "query">;
  path: ParametersOf<operations[K], "path">;
  /** The caller; null only on public calls. */
  caller: Caller | null;
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
}

export type Handler<K extends OperationId> = (call: Call<K>) => Promise<SuccessOf<operations[K]>>;
export type Handlers = { [K in OperationId]?: Handler<K> };

/** The caller of a secured call (the auth hook guarantees one). */
export function callerOf(call: { caller: Caller | null }): Caller {
  if (!call.caller) throw new Error("a secured handler ran without a caller");
  return call.caller;
}
