// The region and practice choosers of the report screens: "All" first, regions by their current names, practices
// by their abbreviation (docs/architecture.md, vocabulary).
import type { components } from "../../contract/schema";
import { compareText } from "../../domain/order.ts";

type Practice = components["schemas"]["Practice"];
type RegionInfo = components["schemas"]["RegionInfo"];
type RegionFilter = components["schemas"]["RegionFilter"];

/** A region's current name among the filter's regions; its code while the list has not come. */
export const regionTitleOf = (regions: readonly RegionInfo[], code: string) => regions.find((region) => region.name === code)?.title ?? code;

interface RegionSelectProps {
  value: RegionFilter;
  regions: readonly RegionInfo[];
  onChange: (region: RegionFilter) => void;
}

export function RegionSelect({ value, regions, onChange }: RegionSelectProps) {
  return (
    <label>
      Region
      {/* "All", then the regions by their current names, in their order; the value chosen is a region's code. */}
      <select value={value} onChange={(event) => onChange(event.target.value as RegionFilter)}>
        <option value="all">All</option>
        {[...regions].sort((a, b) => compareText(a.title, b.title)).map((region) => (
          <option key={region.id} value={region.name}>
            {region.title}
          </option>
        ))}
      </select>
    </label>
  );
}

interface PracticeSelectProps {
  /** A practice id as text, or "all". */
  value: string;
  practices: readonly Practice[];
  onChange: (practice: string) => void;
}

export function PracticeSelect({ value, practices, onChange }: PracticeSelectProps) {
  return (
    <label>
      Practice
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="all">All</option>
        {practices.map((practice) => (
          <option key={practice.id} value={String(practice.id)}>
            {practice.practiceabbr}
          </option>
        ))}
      </select>
    </label>
  );
}
