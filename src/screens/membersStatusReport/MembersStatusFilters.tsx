// The Members Status Report's filters (§2): brand, region, multi-select practice, MCO and result.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { RegionSelect } from "../../components/ReportFilters";
import { BLANK_RESULT, BRANDS, RESULT_OPTIONS } from "../../../domain/vocabulary.ts";
import {
  MCO_OPTIONS,
  selectMembersStatusFilters,
  selectMembersStatusPractices,
  selectMembersStatusRegions,
  type MembersStatusFilters as Filters,
  type membersStatusMachine,
} from "../../machines/membersStatusReport/membersStatusReport";

export function MembersStatusFilters({ actor }: { actor: ActorRefFrom<typeof membersStatusMachine> }) {
  const filters = useSelector(actor, selectMembersStatusFilters);
  const practices = useSelector(actor, selectMembersStatusPractices);
  const regions = useSelector(actor, selectMembersStatusRegions);
  const change = (change: Partial<Filters>) => actor.send({ type: "report.filters.change", filters: change });

  return (
    <div className="filters">
      <label>
        Brand
        <select value={filters.brand} onChange={(e) => change({ brand: e.target.value as Filters["brand"] })}>
          <option value="all">All</option>
          {BRANDS.map((brand) => (
            <option key={brand} value={brand}>
              {brand.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <RegionSelect value={filters.region} regions={regions} onChange={(region) => change({ region })} />
      <label className="members-status__practices">
        <span>
          Practice <span className="members-status__hint">(none chosen = all)</span>
        </span>
        <select
          multiple
          size={4}
          value={filters.practice.map(String)}
          onChange={(e) => change({ practice: [...e.target.selectedOptions].map((option) => Number(option.value)) })}
        >
          {practices.map((practice) => (
            <option key={practice.id} value={String(practice.id)}>
              {practice.practiceabbr}
            </option>
          ))}
        </select>
      </label>
      <label>
        MCO
        <select value={filters.mco} onChange={(e) => change({ mco: e.target.value })}>
          <option value="all">All</option>
          {MCO_OPTIONS.map((mco) => (
            <option key={mco} value={mco}>
              {mco}
            </option>
          ))}
        </select>
      </label>
      <label>
        Result
        <select value={filters.result} onChange={(e) => change({ result: e.target.value as Filters["result"] })}>
          <option value="all">All</option>
          <option value={BLANK_RESULT}>Blank</option>
          {RESULT_OPTIONS.map((result) => (
            <option key={result} value={result}>
              {result}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
