// The filters of the three deleted-appointments views: the date range, region and practice.
import type { DeletedFilters as Filters } from "../../machines/deletedAppointments/deletedAppointments";
import type { ReportFilterLists } from "../../machines/report/report.actors";
import { PracticeSelect, RegionSelect } from "../../components/ReportFilters";

interface DeletedFiltersProps {
  filters: Filters;
  regions: ReportFilterLists["regions"];
  practices: ReportFilterLists["practices"];
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
      <RegionSelect value={filters.region} regions={regions} onChange={(region) => onChange({ region })} />
      <PracticeSelect value={filters.practice} practices={practices} onChange={(practice) => onChange({ practice })} />
    </div>
  );
}
