// A write whose 409 is an outcome, not a failure (docs/architecture.md, Agents as a team): a stale
// save answers what it conflicts with (`current`), a claim on a member someone else holds answers
// their `claim`. The client's error middleware keeps the 409's body whole; this reads it, once, for
// every such call.
import { unwrap } from "./client";

/** An answer of openapi-fetch: its data, or the error body the middleware kept. */
interface Answer<TData, TError> {
  data?: TData;
  error?: TError;
  response: Response;
}

/** What the 409 body of `TError` carries under `key`. */
type ConflictOf<TError, Key extends string> = Extract<TError, Record<Key, unknown>>[Key];

export type Written<TData, TConflict> = { data: TData } | { conflict: TConflict };

/** The call's data, or the 409 body's `key`; any other failure is thrown as unwrap throws it. */
export async function dataOrConflict<TData, TError, Key extends string>(
  call: Promise<Answer<TData, TError>>,
  key: Key,
): Promise<Written<TData, ConflictOf<TError, Key>>> {
  const { error, response } = await call;
  if (response.status === 409 && typeof error === "object" && error !== null && key in error) {
    return { conflict: (error as Record<Key, ConflictOf<TError, Key>>)[key] };
  }
  return { data: await unwrap(call) };
}
