// Default practices as lists show them: a user's defaultLocationId (§3: semicolon-separated
// practice ids) by abbreviation.

/** "SM-SUGA, BPD-DALL" for "22;4"; none chosen means all practices; an unknown id shows as "#id". */
export function defaultPracticeNames(defaultLocationId: string, practices: readonly { id: number; practiceabbr: string }[]): string {
  if (defaultLocationId === "") return "All";
  const byId = new Map(practices.map((practice) => [String(practice.id), practice.practiceabbr]));
  return defaultLocationId
    .split(";")
    .map((id) => byId.get(id) ?? `#${id}`)
    .join(", ");
}
