// A member's time zone (docs/architecture.md, The queue): the zone of its State; the practice's
// zone when the State is missing, unknown or spans zones (Texas: El Paso keeps Mountain time).
// Calling windows and callbacks are in it.

/**
 * US States, DC and territories by postal code, with the one IANA zone each keeps; null for those
 * that span zones (where the State alone cannot say).
 */
export const STATE_TIME_ZONES: Readonly<Record<string, string | null>> = {
  AL: "America/Chicago",
  AK: null, // Alaska time, and Hawaii-Aleutian time on the western Aleutians
  AZ: "America/Phoenix", // no daylight saving (the Navajo Nation's does, a practice there sets its zone)
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: null, // Eastern, and Central west of the Apalachicola
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: null, // Mountain, and Pacific in the panhandle
  IL: "America/Chicago",
  IN: null, // Eastern, and Central in the northwest and southwest corners
  IA: "America/Chicago",
  KS: null, // Central, and Mountain in four western counties
  KY: null, // Eastern and Central
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: null, // Eastern, and Central in four Upper Peninsula counties
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: null, // Central and Mountain
  NV: "America/Los_Angeles",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: null, // Central and Mountain
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: null, // Pacific, and Mountain in Malheur County
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: null, // Central and Mountain
  TN: null, // Eastern and Central
  TX: null, // Central, and Mountain in El Paso and Hudspeth counties
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
  PR: "America/Puerto_Rico",
  VI: "America/St_Thomas",
  GU: "Pacific/Guam",
  MP: "Pacific/Saipan",
  AS: "Pacific/Pago_Pago",
};

/** The member's zone: its State's, else its practice's. */
export function memberTimeZone(state: string, practiceTimeZone: string): string {
  return STATE_TIME_ZONES[state.trim().toUpperCase()] ?? practiceTimeZone;
}

/** Whether the text names a time zone this runtime knows (an IANA name such as America/Denver). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}
