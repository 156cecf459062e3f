// New Patient Origin's filters (§2): brand, multi-select practice, multi-select month (the last 24).
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { BRANDS } from "../../../domain/vocabulary.ts";
import { monthLabel } from "../../lib/format";
import type { BrandFilter, newPatientOriginMachine } from "../../machines/newPatientOrigin/newPatientOrigin.machine";
import { selectFilters, selectMonths, selectPracticeOptions, selectPracticesLoading } from "../../machines/newPatientOrigin/newPatientOrigin.selectors";

const selectedValues = (select: HTMLSelectElement) => Array.from(select.selectedOptions, (option) => option.value);

export function NewPatientOriginFilters({ actor }: { actor: ActorRefFrom<typeof newPatientOriginMachine> }) {
  const filters = useSelector(actor, selectFilters);
  const months = useSelector(actor, selectMonths);
  const practices = useSelector(actor, selectPracticeOptions);
  const practicesLoading = useSelector(actor, selectPracticesLoading);

  return (
    <div className="filters new-patient-origin__filters">
      <label>
        Brand
        <select value={filters.brand} onChange={(event) => actor.send({ type: "npo.brand.change", brand: event.target.value as BrandFilter })}>
          <option value="all">All</option>
          {BRANDS.map((brand) => (
            <option key={brand} value={brand}>
              {brand.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label>
        Practices
        <select
          multiple
          size={6}
          aria-describedby="npo-practices-hint"
          aria-busy={practicesLoading}
          value={filters.practice.map(String)}
          onChange={(event) => actor.send({ type: "npo.practices.change", practice: selectedValues(event.target).map(Number) })}
        >
          {practices.map((practice) => (
            <option key={practice.id} value={practice.id}>
              {practice.practiceabbr} — {practice.practice}
            </option>
          ))}
        </select>
        <span id="npo-practices-hint" className="new-patient-origin__hint">
          {filters.practice.length === 0 ? "None chosen: all practices" : `${filters.practice.length} chosen`}
        </span>
      </label>
      <label>
        Months
        <select
          multiple
          size={6}
          aria-describedby="npo-months-hint"
          value={filters.date}
          onChange={(event) => actor.send({ type: "npo.months.change", date: selectedValues(event.target) })}
        >
          {months.map((month) => (
            <option key={month} value={month}>
              {monthLabel(month)}
            </option>
          ))}
        </select>
        <span id="npo-months-hint" className="new-patient-origin__hint">
          At least one month; Ctrl or Shift to choose several
        </span>
      </label>
      {filters.practice.length > 0 ? (
        <button type="button" className="button" onClick={() => actor.send({ type: "npo.practices.change", practice: [] })}>
          All practices
        </button>
      ) : null}
    </div>
  );
}
