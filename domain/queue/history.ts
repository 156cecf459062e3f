// A member's result history with its callback's changes among the results (openapi.yaml
// ResultHistoryEntry): "Callback booked for …", "Callback moved to …" by whom and when, each
// carrying the result the member had at that moment. Newest first; a change made in the same
// instant as a result (a result that closes the callback) comes after it, so above it.
import type { components } from "../../contract/schema";
import { BLANK_RESULT } from "../vocabulary.ts";

type Schemas = components["schemas"];
type Entry = Schemas["ResultHistoryEntry"];

export interface CallbackHistoryChange {
  id: number;
  change: Schemas["CallbackChange"]["change"];
  dueAt: string;
  timeZone: string;
  at: string;
  user: Schemas["PersonName"];
}

const time = (iso: string) => Date.parse(iso);

/** `results` newest first (as getResults answers them); the changes in any order. */
export function withCallbackChanges(results: readonly Entry[], changes: readonly CallbackHistoryChange[]): Entry[] {
  const oldestFirst = [...results].reverse();
  const entries = changes.map((change) => {
    const inForce = oldestFirst.filter((result) => time(result.createdAt) <= time(change.at)).at(-1);
    return {
      id: change.id,
      Result: inForce?.Result ?? BLANK_RESULT,
      createdAt: change.at,
      user: change.user,
      callback: { change: change.change, dueAt: change.dueAt, timeZone: change.timeZone },
    } satisfies Entry;
  });
  const rank = (entry: Entry) => [time(entry.createdAt), entry.callback ? 1 : 0, entry.id] as const;
  return [...results, ...entries].sort((a, b) => {
    const [ta, ka, ia] = rank(a);
    const [tb, kb, ib] = rank(b);
    return tb - ta || kb - ka || ib - ia;
  });
}
