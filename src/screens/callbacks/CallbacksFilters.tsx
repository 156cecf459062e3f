// The Callbacks page's filters: whose (an agent, anyone's, all), practice, and the due days.
import { useSelector } from "@xstate/react";
import { useId } from "react";
import type { CallbackFilters, CallbacksAdminActor } from "../../machines/callbacksAdmin/callbacksAdmin.machine";
import * as page from "../../machines/callbacksAdmin/callbacksAdmin.selectors";

export function CallbacksFilters({ actor }: { actor: CallbacksAdminActor }) {
  const filters = useSelector(actor, page.selectFilters);
  const owners = useSelector(actor, page.selectOwners);
  const practices = useSelector(actor, page.selectPractices);
  const busy = useSelector(actor, page.selectStatus) === "loading";
  const id = useId();
  const change = (change: Partial<CallbackFilters>) => actor.send({ type: "callbacks.filter.change", change });
  return (
    <div className="callbacks-page__filters" role="group" aria-label="Filters">
      <label htmlFor={`${id}-owner`}>Agent</label>
      <select id={`${id}-owner`} value={filters.owner} disabled={busy} onChange={(event) => change({ owner: event.target.value })}>
        <option value="all">All</option>
        <option value="anyone">Anyone's</option>
        {owners.map(({ user }) => (
          <option key={user.id} value={String(user.id)}>
            {user.firstname} {user.lastname}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-practice`}>Practice</label>
      <select id={`${id}-practice`} value={filters.practice} disabled={busy} onChange={(event) => change({ practice: event.target.value })}>
        <option value="all">All</option>
        {practices.map((practice) => (
          <option key={practice.id} value={String(practice.id)}>
            {practice.practiceabbr}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-from`}>Due from</label>
      <input id={`${id}-from`} type="date" value={filters.dueFrom} disabled={busy} onChange={(event) => change({ dueFrom: event.target.value })} />
      <label htmlFor={`${id}-to`}>Due to</label>
      <input id={`${id}-to`} type="date" value={filters.dueTo} disabled={busy} onChange={(event) => change({ dueTo: event.target.value })} />
    </div>
  );
}
