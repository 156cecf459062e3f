// The region and practice choosers of the report screens: "All" first, regions by name, practices
// by their abbreviation (docs/architecture.md, vocabulary).
import type { components } from "../../contract/schema";

type Practice = components["schemas"]["Practice"];
type RegionInfo = components["schemas"]["RegionInfo"];
type RegionFilter = components["schemas"]["RegionFilter"];

interface RegionSelectProps {
  value: RegionFilter;
  regions: readonly RegionInfo[];
  onChange: (region: RegionFilter) => void;
}

export function RegionSelect({ value, regions, onChange }: RegionSelectProps) {
  return (
    <label>
      Region
      {/* The options are "all" and the regions' names: the value chosen is one of them. */}
      <select value={value} onChange={(event) => onChange(event.target.value as RegionFilter)}>
        <option value="all">All</option>
        {regions.map((region) => (
          <option key={region.id} value={region.name}>
            {region.name}
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
