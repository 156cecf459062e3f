// Keeps what staff did in the fake backend for the browser session (docs/architecture.md: "saves persist
// for the browser session"): a reload rebuilds the same seeded data and re-applies the changes.
// Only the difference from the generated data is stored, so it fits in sessionStorage.
import type { MockDb } from "./db/createMockDb";

type Collection = unknown[] | Map<unknown, unknown> | Set<unknown>;

interface Snapshot {
  /** Per array: items changed or added since generation, by index. */
  arrays: Record<string, [number, unknown][]>;
  /** Per Map or Set: every entry (sessions, used tokens: small). */
  entries: Record<string, unknown[]>;
}

function collectionsOf(db: MockDb): [string, Collection][] {
  return Object.entries(db as unknown as Record<string, unknown>).filter(
    (entry): entry is [string, Collection] =>
      Array.isArray(entry[1]) || entry[1] instanceof Map || entry[1] instanceof Set,
  );
}

/** Remembers the generated data, then answers what changed since and re-applies such changes. */
export function trackChanges(db: MockDb) {
  const baseline = new Map(
    collectionsOf(db)
      .filter(([, collection]) => Array.isArray(collection))
      .map(([key, collection]) => [key, (collection as unknown[]).map((item) => JSON.stringify(item))]),
  );

  function snapshot(): Snapshot {
    const result: Snapshot = { arrays: {}, entries: {} };
    for (const [key, collection] of collectionsOf(db)) {
      if (Array.isArray(collection)) {
        const generated = baseline.get(key) ?? [];
        const changed = collection
          .map((item, index) => [index, item] as [number, unknown])
          .filter(([index, item]) => generated[index] !== JSON.stringify(item));
        if (changed.length > 0 || collection.length !== generated.length) result.arrays[key] = changed;
      } else {
        result.entries[key] = [...collection.entries()].map(([k, v]) => (collection instanceof Set ? k : [k, v]));
      }
    }
    return result;
  }

  function restore(saved: Snapshot) {
    for (const [key, collection] of collectionsOf(db)) {
      if (Array.isArray(collection) && saved.arrays[key]) {
        for (const [index, item] of saved.arrays[key]) collection[index] = item;
      } else if (collection instanceof Map && saved.entries[key]) {
        for (const [k, v] of saved.entries[key] as [unknown, unknown][]) collection.set(k, v);
      } else if (collection instanceof Set && saved.entries[key]) {
        for (const k of saved.entries[key]) collection.add(k);
      }
    }
  }

  return { snapshot, restore };
}

export type { Snapshot };
