// The choices of each members list filter, as the filters show them (§2 Members list; §4 statuses
// and results). A drill-down from a report can set several brands or statuses at once: that choice
// is offered too, so the control shows it.
import { ALL, type Dentist, type MemberFilters, type Practice } from "../../machines/members/members.filters";
import { BRAND_OPTIONS } from "../../machines/members/list/list.selectors";
import { BLANK_RESULT, MEMBER_STATUSES, RESULT_OPTIONS } from "../../../domain/vocabulary.ts";
import { ANY_PRIORITY, TREATMENT_PRIORITIES } from "../../../domain/members/listFilters.ts";

export interface FilterOption {
  value: string;
  label: string;
}

const same = (values: readonly string[]): FilterOption[] => values.map((value) => ({ value, label: value }));

export const brandChoices = (brand: string): FilterOption[] => [
  { value: ALL, label: "All brands" },
  ...(brand.includes(",") ? [{ value: brand, label: brand.toUpperCase().replaceAll(",", ", ") }] : []),
  ...BRAND_OPTIONS.map((value) => ({ value, label: value.toUpperCase() })),
];

/** The practice ids as the control's value: several chosen read as one choice, "My practices (n)". */
export const practiceValue = (filters: MemberFilters) => (filters.practiceIds.length ? filters.practiceIds.join(",") : ALL);

export const practiceChoices = (filters: MemberFilters, practices: readonly Practice[]): FilterOption[] => [
  { value: ALL, label: "All practices" },
  ...(filters.practiceIds.length > 1 ? [{ value: practiceValue(filters), label: `My practices (${filters.practiceIds.length})` }] : []),
  ...practices.map((practice) => ({ value: String(practice.id), label: `${practice.practiceabbr} — ${practice.practice}` })),
];

export const statusChoices = (status: string): FilterOption[] => [
  { value: ALL, label: "All statuses" },
  ...(status.includes(",") ? [{ value: status, label: status.replaceAll(",", ", ") }] : []),
  ...same(MEMBER_STATUSES),
];

export const PRIORITY_CHOICES: FilterOption[] = [
  { value: ALL, label: "All members" },
  { value: ANY_PRIORITY, label: "Any priority" },
  ...same(TREATMENT_PRIORITIES),
];

export const RESULT_CHOICES: FilterOption[] = [{ value: ALL, label: "All results" }, { value: BLANK_RESULT, label: "Blank" }, ...same(RESULT_OPTIONS)];

export const mcoChoices = (mcos: readonly string[]): FilterOption[] => [{ value: ALL, label: "All MCOs" }, ...same(mcos)];

/** One choice per dentist's first name (the list filters by Dr_First_Name). */
export const dentistChoices = (dentists: readonly Dentist[]): FilterOption[] => [
  { value: "", label: "All dentists" },
  ...[...new Map(dentists.map((dentist) => [dentist.Dr_First_Name, dentist])).values()].map((dentist) => ({ value: dentist.Dr_First_Name, label: dentist.dentist })),
];
