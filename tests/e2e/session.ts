/**
 * The app and browser of the current run, shared between run.ts and the spec files (they run in
 * one process, so they import the same module instance).
 */
import type { BrowserContext } from "playwright-core";

export interface Session {
  context: BrowserContext;
  baseURL: string;
}

let current: Session | undefined;
let stop: (() => Promise<void>) | undefined;

export function startSession(session: Session, stopEverything: () => Promise<void>): void {
  current = session;
  stop = stopEverything;
}

export function getSession(): Session | undefined {
  return current;
}

/** Stops the browser and the app; safe to call more than once, from any path (end, error, signal). */
export async function endSession(): Promise<void> {
  const stopping = stop;
  current = undefined;
  stop = undefined;
  await stopping?.();
}
