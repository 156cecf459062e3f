// The keys of the members list's keyboard work mode and what each asks for. A pure function of
// the key event, so the rule of when a shortcut must stay silent (typing in a field, a modifier
// held, a dialog open) is tested once and the screen only forwards what it returns.
import type { MemberResult } from "../members.filters";
import { QUICK_RESULTS, quickResultOf } from "../../../lib/quickResults";

export type WorkCommand =
  | { type: "move"; by: 1 | -1 }
  | { type: "result"; result: MemberResult }
  | { type: "selector" }
  | { type: "notes" }
  | { type: "history" }
  | { type: "page"; by: 1 | -1 }
  | { type: "search" }
  | { type: "sheet" }
  | { type: "next" };

/** What the key map reads of a keydown: the key, its modifiers and the element it was aimed at. */
export interface WorkKey {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: { tagName: string; isContentEditable?: boolean } | null;
  /** A dialog is open over the list (its own keys belong to it). */
  dialogOpen: boolean;
}

const TYPING_TAGS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

const FIXED: Record<string, WorkCommand> = {
  ArrowDown: { type: "move", by: 1 },
  j: { type: "move", by: 1 },
  ArrowUp: { type: "move", by: -1 },
  k: { type: "move", by: -1 },
  r: { type: "selector" },
  n: { type: "notes" },
  h: { type: "history" },
  "[": { type: "page", by: -1 },
  "]": { type: "page", by: 1 },
  "/": { type: "search" },
  "?": { type: "sheet" },
  // `n` is the notes: m for the next Member the work queue serves.
  m: { type: "next" },
};

/** The command of a key, or null when the key is not a shortcut here and now. */
export function workCommandOf({ key, ctrlKey, altKey, metaKey, target, dialogOpen }: WorkKey): WorkCommand | null {
  if (ctrlKey || altKey || metaKey || dialogOpen) return null;
  if (target && (TYPING_TAGS.has(target.tagName.toUpperCase()) || target.isContentEditable)) return null;
  const result = quickResultOf(key);
  if (result) return { type: "result", result };
  return FIXED[key] ?? null;
}

export interface Shortcut {
  keys: readonly string[];
  does: string;
}

/** Every shortcut, as the shortcut sheet lists them: moving and opening, then the results. */
export const SHORTCUTS: { readonly rows: readonly Shortcut[]; readonly results: readonly Shortcut[] } = {
  rows: [
    { keys: ["↓", "j"], does: "Next member on the page" },
    { keys: ["↑", "k"], does: "Previous member on the page" },
    { keys: ["r"], does: "Open the member's result selector" },
    { keys: ["n"], does: "Open the member's notes" },
    { keys: ["h"], does: "Open the member's results history" },
    { keys: ["["], does: "Previous page" },
    { keys: ["]"], does: "Next page" },
    { keys: ["/"], does: "Search" },
    { keys: ["?"], does: "This list of shortcuts" },
    { keys: ["m"], does: "Next member: the one most worth calling now, from the work queue" },
  ],
  results: QUICK_RESULTS.map((result, index) => ({ keys: [String(index + 1)], does: `Save the result ${result}` })),
};
