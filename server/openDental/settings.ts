// The Open Dental connector's settings, read from OPENDENTAL_* (server/environment.ts describes
// each; docs/operations.md, The Open Dental connector): which database, which of its clinics is
// which practice, how often, and how the practice's treatment priorities read as P1–P4.
export const TREATMENT_PRIORITIES = ["P1", "P2", "P3", "P4"] as const;
export type TreatmentPriority = (typeof TREATMENT_PRIORITIES)[number];

export interface OpenDentalSettings {
  /** mysql://user:password@host:port/database of a user that may only read. */
  url: string;
  /** Open Dental's ClinicNum → the practice's abbreviation (0: a database without clinics). */
  clinics: ReadonlyMap<string, string>;
  everyMinutes: number;
  /** The level of each treatment plan priority by its ItemOrder (0 first); later ones take the last. */
  priorities: readonly TreatmentPriority[];
  /** A treatment-planned procedure without a priority. */
  unprioritized: TreatmentPriority;
  /** The zone of the Open Dental server's clock. */
  timeZone: string;
}

export const DEFAULT_EVERY_MINUTES = 5;
/** Stamps this close to the source's clock are read again by the next run: a transaction may commit late. */
export const OVERLAP_SECONDS = 120;

const isPriority = (text: string): text is TreatmentPriority => (TREATMENT_PRIORITIES as readonly string[]).includes(text);

/** "1=SM-HOUS, 2=SM-PASA" (or "0=SM-HOUS" without clinics); undefined when not written so. */
export function parseClinics(text: string): Map<string, string> | undefined {
  const clinics = new Map<string, string>();
  for (const entry of text.split(",")) {
    const match = /^\s*(\d+)\s*=\s*(\S(?:.*\S)?)\s*$/.exec(entry);
    if (!match || clinics.has(match[1]!)) return undefined;
    clinics.set(String(Number(match[1])), match[2]!);
  }
  return clinics;
}

/** "P1,P2,P3,P4": the level of ItemOrder 0, 1, 2, …; undefined when not written so. */
export function parsePriorities(text: string): TreatmentPriority[] | undefined {
  const levels = text.split(",").map((entry) => entry.trim().toUpperCase());
  return levels.every(isPriority) && levels.length > 0 ? levels : undefined;
}
