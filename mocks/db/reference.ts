// Fixed facts of the fake practice group. The reference date pins every generated date, so the
// same seed gives the same database on any day (TOOLCHAIN.md: faker needs setDefaultRefDate too).
export const MOCK_REFERENCE_DATE = new Date("2026-11-16T15:00:00.000Z");

export const REGIONS = [
  { id: 1, name: "SMD", brandName: "Smile Magic", cities: ["Houston", "Pasadena", "Baytown", "Katy", "Humble", "Conroe", "Spring", "Sugar Land"] },
  { id: 2, name: "FSD", brandName: "Family Smiles", cities: ["San Antonio", "Laredo", "Del Rio", "Eagle Pass", "Uvalde", "Seguin", "Floresville"] },
  { id: 3, name: "OTD", brandName: "Bright Path Dental", cities: ["Dallas", "Garland", "Irving", "Mesquite", "Denton", "Waco"] },
  { id: 4, name: "3CD", brandName: "Three Cities Dental", cities: ["El Paso", "McAllen", "Brownsville", "Harlingen", "Edinburg"] },
] as const;

export type RegionName = (typeof REGIONS)[number]["name"];

/** The payers whose eligibility lists the members come from, with the MCO names those lists use. */
export const BRANDS = {
  denta: ["DentaQuest Medicaid", "DentaQuest CHIP"],
  mcna: ["MCNA Dental Medicaid", "MCNA Dental CHIP"],
  uhc: ["UnitedHealthcare Dental Medicaid", "UnitedHealthcare Dental CHIP"],
  tmhp: ["TMHP Fee-for-Service"],
} as const;

export type BrandName = keyof typeof BRANDS;

/**
 * The practice group's time zone: "today", "this week" (Monday to Sunday) and "this month" of
 * every report are days in this zone (openapi.yaml, Dates).
 */
export const PRACTICE_TIME_ZONE = "America/Chicago";
