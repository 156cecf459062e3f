// "No one to call now": the work queue found nobody to serve under the list's filters and search,
// and says why (how many members each reason holds back), when the next calling window opens and
// when the next cooldown ends. Never a bare empty page.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { queueMachine } from "../../machines/members/queue/queue.machine";
import { selectEmpty } from "../../machines/members/queue/queue.selectors";
import { countFormat, formatDateTime } from "./memberFormat";
import { heldBack } from "./queueFormat";

export function NoOneToCall({ queue }: { queue: ActorRefFrom<typeof queueMachine> }) {
  const counts = useSelector(queue, selectEmpty);
  if (!counts) return null;
  const reasons = heldBack(counts);
  return (
    <section className="now-calling now-calling--empty" aria-labelledby="no-one-title" aria-live="polite">
      <div className="now-calling__head">
        <h2 id="no-one-title">No one to call now</h2>
        <button type="button" className="button button--small" onClick={() => queue.send({ type: "queue.dismiss" })}>
          Close
        </button>
      </div>
      {reasons.length === 0 ? (
        <p>No member matches these filters and search.</p>
      ) : (
        <ul className="no-one__reasons" aria-label="Members held back, by reason">
          {reasons.map(({ reason, label, count }) => (
            <li key={reason}>
              {label}: <strong>{countFormat.format(count)}</strong>
            </li>
          ))}
        </ul>
      )}
      <p className="no-one__when">
        {counts.nextWindowOpensAt ? `Next calling window opens ${formatDateTime(counts.nextWindowOpensAt)}. ` : ""}
        {counts.nextCooldownEndsAt ? `Next cooldown ends ${formatDateTime(counts.nextCooldownEndsAt)}.` : ""}
        {!counts.nextWindowOpensAt && !counts.nextCooldownEndsAt ? "Nobody here becomes callable by waiting." : ""}
      </p>
    </section>
  );
}
