// Renders the component again once `delayMs` has passed: for what a component shows that changes
// with the clock alone (a callback turning overdue), when no machine's state changes with it.
// Every render passes the time left then, and the wait starts over from it.
import { useEffect, useReducer } from "react";

/** setTimeout fires at once beyond 2^31 - 1 ms (24.8 days): a longer wait is taken a day at a time. */
const LONGEST_WAIT_MS = 24 * 60 * 60_000;

export function useRenderAgainIn(delayMs: number | undefined): void {
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (delayMs === undefined) return;
    const timer = setTimeout(renderAgain, Math.min(Math.max(0, delayMs), LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [delayMs]);
}
