import { fromPromise, type NonReducibleUnknown } from "xstate";

/**
 * Promise logic for an API call, cancelled with its actor: a stopped actor aborts the request, and
 * the abort is not reported as the call's failure (React's StrictMode stops and restarts actors in
 * development; a stray "signal is aborted" must never reach a machine as an error).
 */
export function fromApiCall<TOutput, TInput = NonReducibleUnknown>(call: (input: TInput, signal: AbortSignal) => Promise<TOutput>) {
  return fromPromise<TOutput, TInput>(async ({ input, signal }) => {
    try {
      return await call(input, signal);
    } catch (error) {
      if (signal.aborted) return new Promise<never>(() => {});
      throw error;
    }
  });
}
