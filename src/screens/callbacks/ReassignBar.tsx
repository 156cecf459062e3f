// The Callbacks page's reassignment: how many are selected, to whom (an agent, with the open
// callbacks they hold, or anyone), and Reassign, which asks first.
import { useSelector } from "@xstate/react";
import { useId } from "react";
import type { CallbacksAdminActor } from "../../machines/callbacksAdmin/callbacksAdmin.machine";
import * as page from "../../machines/callbacksAdmin/callbacksAdmin.selectors";

const ANYONE = "anyone";

export function ReassignBar({ actor }: { actor: CallbacksAdminActor }) {
  const selected = useSelector(actor, page.selectSelected);
  const owners = useSelector(actor, page.selectOwners);
  const target = useSelector(actor, page.selectTarget);
  const canReassign = useSelector(actor, page.selectCanReassign);
  const id = useId();
  const value = target === null ? "" : target.userId === null ? ANYONE : String(target.userId);
  const choose = (chosen: string) =>
    actor.send({ type: "callbacks.target.choose", target: chosen === "" ? null : { userId: chosen === ANYONE ? null : Number(chosen) } });
  return (
    <div className="callbacks-page__reassign">
      <span aria-live="polite">{selected.length} selected</span>
      <label htmlFor={`${id}-to`}>Reassign to</label>
      <select id={`${id}-to`} value={value} onChange={(event) => choose(event.target.value)}>
        <option value="">Choose…</option>
        <option value={ANYONE}>Anyone</option>
        {owners.map(({ user, openCallbacks }) => (
          <option key={user.id} value={String(user.id)}>
            {user.firstname} {user.lastname} ({openCallbacks} open)
          </option>
        ))}
      </select>
      <button type="button" className="button button--primary" aria-disabled={!canReassign} onClick={() => actor.send({ type: "callbacks.reassign" })}>
        Reassign
      </button>
    </div>
  );
}
