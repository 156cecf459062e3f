// A search text of one or two characters (decided; the specification's fuse.js would find every
// member holding it anywhere: "an" is in 28 % of them, and no index narrows that). Someone who
// types so little is starting a name, so such a text finds the members whose first or last name
// begins with it, case ignored. Digits alone then find nobody (no name holds one): ids, patient
// numbers and phones are searched from three characters on. A backend answers this from an index
// of name prefixes (the server: migration 0013) instead of reading every member.
/** The longest text the prefix rule answers, in characters. */
export const SHORT_SEARCH_MAX = 2;

/** The names a short text is looked for at the start of. */
export const PREFIX_KEYS = ["First_Name", "Last_Name"] as const;

/** The lower-case prefix a trimmed search text stands for, or null when it is longer. */
export function shortSearchPrefix(trimmed: string): string | null {
  const length = [...trimmed].length;
  return length >= 1 && length <= SHORT_SEARCH_MAX ? trimmed.toLowerCase() : null;
}

/** Whether the member's first or last name begins with the (lower-case) prefix. */
export function namesBeginWith(member: Record<(typeof PREFIX_KEYS)[number], string>, prefix: string): boolean {
  return PREFIX_KEYS.some((key) => member[key].toLowerCase().startsWith(prefix));
}
