// The filters of the three deleted-appointments views: the date range, region and practice.
import type { DeletedFilters as Filters, Practice, RegionInfo } from "../../machines/deletedAppointments/deletedAppointments";

interface DeletedFiltersProps {
  filters: Filters;
  regions: RegionInfo[];
  practices: Practice[];
  onChange: (change: Partial<Filters>) => void;
}

export function DeletedFilters({ filters, regions, practices, onChange }: DeletedFiltersProps) {
  return (
    <div className="filters">
      <label>
        From
        <input
          type="date"
          value={filters.startDate}
          max={filters.endDate}
          required
          onChange={(e) => e.target.value && onChange({ startDate: e.target.value })}
        />
      </label>
      <label>
        To
        <input
          type="date"
          value={filters.endDate}
          min={filters.startDate}
          required
          onChange={(e) => e.target.value && onChange({ endDate: e.target.value })}
        />
      </label>
      <label>
        Region
        <select value={filters.region} onChange={(e) => onChange({ region: e.target.value as Filters["region"] })}>
          <option value="all">All</option>
          {regions.map((region) => (
            <option key={region.id} value={region.name}>
              {region.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Practice
        <select value={filters.practice} onChange={(e) => onChange({ practice: e.target.value })}>
          <option value="all">All</option>
          {practices.map((practice) => (
            <option key={practice.id} value={String(practice.id)}>
              {practice.practiceabbr}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
