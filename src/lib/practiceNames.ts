// Default practices as lists show them: a user's defaultLocationId (§3: semicolon-separated
// practice ids) by abbreviation, or by name where there is room for names (the usage report).

type ShownPractice = { id: number; practiceabbr: string; practice?: string };

/**
 * ["SM-SUGA", "BPD-DALL"] for "22;4" (by `shownBy`, the abbreviation unless told); ["All"] when
 * none is chosen, as none means all practices; an unknown id shows as "#id".
 */
export function defaultPracticeList<P extends ShownPractice>(
  defaultLocationId: string,
  practices: readonly P[],
  shownBy: (practice: P) => string = (practice) => practice.practiceabbr,
): string[] {
  if (defaultLocationId === "") return ["All"];
  const byId = new Map(practices.map((practice) => [String(practice.id), shownBy(practice)]));
  return defaultLocationId.split(";").map((id) => byId.get(id) ?? `#${id}`);
}
