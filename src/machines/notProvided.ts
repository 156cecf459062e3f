import { fromPromise, type NonReducibleUnknown } from "xstate";

/**
 * The default of an effect a machine names: src/app provides the real one, tests provide stubs.
 * It fails loudly, so a forgotten `provide` shows at once instead of quietly answering nothing.
 */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided`);
  });
}
