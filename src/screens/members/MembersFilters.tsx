// §2 Members list filters: brand, practice, status, result, MCO, dentist and free-text search.
import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useId, useMemo, type ReactNode } from "react";
import { ALL, type MemberFilters } from "../../machines/members/members.filters";
import type { membersMachine } from "../../machines/members/members.machine";
import * as members from "../../machines/members/members.selectors";
import { BLANK_RESULT, MEMBER_STATUSES, RESULT_OPTIONS } from "../../../domain/vocabulary.ts";
import { ANY_PRIORITY, TREATMENT_PRIORITIES } from "../../../domain/members/listFilters.ts";

interface MembersFiltersProps {
  actor: ActorRefFrom<typeof membersMachine>;
}

export function MembersFilters({ actor }: MembersFiltersProps) {
  const filters = useSelector(actor, members.selectFilters);
  const practices = useSelector(actor, members.selectPracticeOptions);
  const mcos = useSelector(actor, members.selectMcoOptions);
  const dentists = useSelector(actor, members.selectDentists);
  const searchText = useSelector(actor, members.selectSearchText);
  const locked = useSelector(actor, members.selectControlsLocked);
  const change = (change: Partial<MemberFilters>) => actor.send({ type: "members.filter.change", change });

  const practiceValue = filters.practiceIds.length ? filters.practiceIds.join(",") : ALL;
  const chosenSeveral = filters.practiceIds.length > 1;
  const dentistNames = useMemo(() => [...new Map(dentists.map((dentist) => [dentist.Dr_First_Name, dentist])).values()], [dentists]);

  return (
    <form className="filters members-filters" role="search" aria-label="Filter members" onSubmit={(event) => event.preventDefault()}>
      <Field label="Brand">
        {(id) => (
        <select
          id={id}
          value={filters.brand}
          disabled={locked}
          onChange={(event) => change({ brand: event.target.value as MemberFilters["brand"] })}
        >
          <option value={ALL}>All brands</option>
          {filters.brand.includes(",") ? <option value={filters.brand}>{filters.brand.toUpperCase().replaceAll(",", ", ")}</option> : null}
          {members.BRAND_OPTIONS.map((brand) => (
            <option key={brand} value={brand}>
              {brand.toUpperCase()}
            </option>
          ))}
        </select>
        )}
      </Field>
      <Field label="Practice">
        {(id) => (
        <select
          id={id}
          value={practiceValue}
          disabled={locked}
          onChange={(event) => change({ practiceIds: event.target.value === ALL ? [] : event.target.value.split(",").map(Number) })}
        >
          <option value={ALL}>All practices</option>
          {chosenSeveral ? (
            <option value={practiceValue}>
              My practices ({filters.practiceIds.length})
            </option>
          ) : null}
          {practices.map((practice) => (
            <option key={practice.id} value={String(practice.id)}>
              {practice.practiceabbr} — {practice.practice}
            </option>
          ))}
        </select>
        )}
      </Field>
      <Field label="Status">
        {(id) => (
        <select
          id={id}
          value={filters.status}
          disabled={locked}
          onChange={(event) => change({ status: event.target.value as MemberFilters["status"] })}
        >
          <option value={ALL}>All statuses</option>
          {filters.status.includes(",") ? <option value={filters.status}>{filters.status.replaceAll(",", ", ")}</option> : null}
          {MEMBER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        )}
      </Field>
      <Field label="Planned treatment">
        {(id) => (
        <select
          id={id}
          value={filters.priority}
          disabled={locked}
          onChange={(event) => change({ priority: event.target.value as MemberFilters["priority"] })}
        >
          <option value={ALL}>All members</option>
          <option value={ANY_PRIORITY}>Any priority</option>
          {TREATMENT_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {priority}
            </option>
          ))}
        </select>
        )}
      </Field>
      <Field label="Result">
        {(id) => (
        <select
          id={id}
          value={filters.result}
          disabled={locked}
          onChange={(event) => change({ result: event.target.value as MemberFilters["result"] })}
        >
          <option value={ALL}>All results</option>
          <option value={BLANK_RESULT}>Blank</option>
          {RESULT_OPTIONS.map((result) => (
            <option key={result} value={result}>
              {result}
            </option>
          ))}
        </select>
        )}
      </Field>
      <Field label="MCO">
        {(id) => (
        <select
          id={id} value={filters.mco} disabled={locked} onChange={(event) => change({ mco: event.target.value })}>
          <option value={ALL}>All MCOs</option>
          {mcos.map((mco) => (
            <option key={mco} value={mco}>
              {mco}
            </option>
          ))}
        </select>
        )}
      </Field>
      <Field label="Dentist">
        {(id) => (
        <select
          id={id} value={filters.dentist} disabled={locked} onChange={(event) => change({ dentist: event.target.value })}>
          <option value="">All dentists</option>
          {dentistNames.map((dentist) => (
            <option key={dentist.Dr_First_Name} value={dentist.Dr_First_Name}>
              {dentist.dentist}
            </option>
          ))}
        </select>
        )}
      </Field>
      <Field label="Search" className="members-filters__search">
        {(id) => (
        <input
          id={id}
          type="search"
          aria-keyshortcuts="/"
          value={searchText}
          placeholder="Name, subscriber id, patient number, phone, birth date"
          maxLength={100}
          onChange={(event) => actor.send({ type: "members.search.change", text: event.target.value })}
        />
        )}
      </Field>
    </form>
  );
}

/** A labelled filter control (label and control side by side in the DOM, named by the label alone). */
function Field({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={`members-filters__field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
