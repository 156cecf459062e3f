// §2 Members list filters: brand, practice, status, result, MCO, dentist and free-text search. The
// controls themselves (FilterSelect, Field) are the campaign editor's too: a campaign's targets are
// the list's filters.
import type { ActorRefFrom } from "xstate";
import { useSelector } from "@xstate/react";
import { useId, useMemo, type ReactNode, type RefObject } from "react";
import { ALL, type MemberFilters } from "../../machines/members/members.filters";
import type { membersListMachine } from "../../machines/members/list/list.machine";
import * as list from "../../machines/members/list/list.selectors";
import * as choices from "./filterOptions";

interface MembersFiltersProps {
  list: ActorRefFrom<typeof membersListMachine>;
  /** A result is being saved: the filters wait. */
  locked: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
}

export function MembersFilters({ list: actor, locked, searchRef }: MembersFiltersProps) {
  const filters = useSelector(actor, list.selectFilters);
  const practices = useSelector(actor, list.selectPracticeOptions);
  const mcos = useSelector(actor, list.selectMcoOptions);
  const dentists = useSelector(actor, list.selectDentists);
  const dentistChoices = useMemo(() => choices.dentistChoices(dentists), [dentists]);
  const change = (change: Partial<MemberFilters>) => actor.send({ type: "members.filter.change", change });
  const select = (label: string, value: string, options: choices.FilterOption[], onChange: (value: string) => void) => (
    <FilterSelect label={label} value={value} options={options} disabled={locked} onChange={onChange} />
  );
  return (
    <form className="filters members-filters" role="search" aria-label="Filter members" onSubmit={(event) => event.preventDefault()}>
      {select("Brand", filters.brand, choices.brandChoices(filters.brand), (brand) => change({ brand }))}
      {select("Practice", choices.practiceValue(filters), choices.practiceChoices(filters, practices), (value) =>
        change({ practiceIds: value === ALL ? [] : value.split(",").map(Number) }),
      )}
      {select("Status", filters.status, choices.statusChoices(filters.status), (status) => change({ status }))}
      {select("Planned treatment", filters.priority, choices.PRIORITY_CHOICES, (priority) => change({ priority: priority as MemberFilters["priority"] }))}
      {select("Result", filters.result, choices.RESULT_CHOICES, (result) => change({ result: result as MemberFilters["result"] }))}
      {select("MCO", filters.mco, choices.mcoChoices(mcos), (mco) => change({ mco }))}
      {select("Dentist", filters.dentist, dentistChoices, (dentist) => change({ dentist }))}
      <SearchField actor={actor} inputRef={searchRef} />
    </form>
  );
}

function SearchField({ actor, inputRef }: { actor: MembersFiltersProps["list"]; inputRef: RefObject<HTMLInputElement | null> }) {
  const text = useSelector(actor, list.selectSearchText);
  return (
    <Field label="Search" className="members-filters__search">
      {(id) => (
        <input
          ref={inputRef}
          id={id}
          type="search"
          aria-keyshortcuts="/"
          value={text}
          placeholder="Name, subscriber id, patient number, phone, birth date"
          maxLength={100}
          onChange={(event) => actor.send({ type: "members.search.change", text: event.target.value })}
        />
      )}
    </Field>
  );
}

export interface FilterSelectProps {
  label: string;
  value: string;
  options: choices.FilterOption[];
  disabled: boolean;
  onChange: (value: string) => void;
}

export function FilterSelect({ label, value, options, disabled, onChange }: FilterSelectProps) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A labelled filter control (label and control side by side in the DOM, named by the label alone). */
export function Field({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={`filters__field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
