// Handlers by operationId, typed from the generated `operations` of openapi.yaml: each receives the
// validated request (glue and AJV have checked it against the contract) and the caller, and returns
// the success answer's body (or undefined for a 204).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { operations } from "../src/api/schema.d.ts";
import type { Services } from "./services.ts";
import type { SessionRow, UserRow } from "./auth/sessions.repository.ts";

export type OperationId = keyof operations;

type JsonOf<T> = T extends { content: { "application/json": infer Body } } ? Body : never;
type Part<O, In extends string> = O extends { parameters: infer All } ? (In extends keyof All ? NonNullable<All[In]> : never) : never;
type SuccessOf<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<R[S]> : S extends 204 ? undefined : never }[keyof R]
  : never;

export interface Caller {
  session: SessionRow;
  user: UserRow;
  /** The bearer token as presented (only its hash is stored). */
  token: string;
}

export interface Call<K extends OperationId> {
  body: operations[K] extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : undefined;
  query: Part<operations[K], "query">;
  path: Part<operations[K], "path">;
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
