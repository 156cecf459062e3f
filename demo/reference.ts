// Fixed facts of the demo practice group. The reference date pins every generated date, so the same
// seed gives the same world on any day (faker needs setDefaultRefDate too, not only a seed).
import type { components } from "../contract/schema";

/** The demo world's "today" unless another is asked for (tests; the running demo passes the clock). */
export const DEMO_REFERENCE_DATE = new Date("2026-11-16T15:00:00.000Z");

/** The groups of practices, each with the brand its practices carry and the cities they are in. */
export const GROUP_REGIONS = [
  { id: 1, name: "SMD", brandName: "Smile Magic", cities: ["Houston", "Pasadena", "Baytown", "Katy", "Humble", "Conroe", "Spring", "Sugar Land"] },
  { id: 2, name: "FSD", brandName: "Family Smiles", cities: ["San Antonio", "Laredo", "Del Rio", "Eagle Pass", "Uvalde", "Seguin", "Floresville"] },
  { id: 3, name: "OTD", brandName: "Bright Path Dental", cities: ["Dallas", "Garland", "Irving", "Mesquite", "Denton", "Waco"] },
  { id: 4, name: "3CD", brandName: "Three Cities Dental", cities: ["El Paso", "McAllen", "Brownsville", "Harlingen", "Edinburg"] },
] as const satisfies readonly { id: number; name: components["schemas"]["Region"]; brandName: string; cities: readonly string[] }[];

/**
 * The cities whose practices keep another zone than the practice group's (America/Chicago): El
 * Paso is on Mountain time, so its members (Texas spans two zones) are called by its clock.
 */
export const CITY_TIME_ZONES: Readonly<Record<string, string>> = { "El Paso": "America/Denver" };
