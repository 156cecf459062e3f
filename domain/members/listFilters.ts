// How the members list reads its list-valued filters (openapi.yaml getMembersTableData): a status
// or a payer may be one value, several separated by commas, or `all`, so that every count of the
// members status report (one status and payer, or the sum of the worked groups) is a slice of the
// list; `priority` narrows the list to members with planned treatment, as the priority status
// report counts them.
import type { components } from "../../contract/schema";

type Schemas = components["schemas"];
export type TreatmentPriority = Schemas["TreatmentPriority"];

export const ALL = "all";
/** Every member with planned treatment, whatever its priority (the report's sum). */
export const ANY_PRIORITY = "any";
export const TREATMENT_PRIORITIES: readonly TreatmentPriority[] = ["P1", "P2", "P3", "P4"];

/** The values of a list filter ('a,b'), or undefined for `all`, absent or empty (no filter). */
export function listFilterValues(value: string | undefined | null): string[] | undefined {
  if (value === undefined || value === null || value === "" || value === ALL) return undefined;
  return [...new Set(value.split(","))];
}

/** The list filter's query value for these values: one value, several joined by commas, `all` for none. */
export function listFilterValue(values: readonly string[]): string {
  return values.length === 0 ? ALL : values.join(",");
}

/** The priorities a priority filter keeps, or undefined for no filter. */
export function priorityFilterValues(value: string | undefined | null): readonly TreatmentPriority[] | undefined {
  if (value === undefined || value === null || value === "" || value === ALL) return undefined;
  if (value === ANY_PRIORITY) return TREATMENT_PRIORITIES;
  return TREATMENT_PRIORITIES.filter((priority) => priority === value);
}
