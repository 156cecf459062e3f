// "Why this member?" beside the member the work queue served: its callback, priority, days past
// recare due, attempts and last result (the answer's `why`). Administrators reset the attempts
// here, confirmed first (ResetAttemptsDialog); staff never see the control.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { queueMachine, WhyThisMember } from "../../machines/members/queue/queue.machine";
import type { Member } from "../../machines/members/members.filters";
import { selectIsAdmin, selectResetting } from "../../machines/members/queue/queue.selectors";
import { memberName } from "./memberFormat";
import { whyLines } from "./queueFormat";

interface WhyThisMemberProps {
  queue: ActorRefFrom<typeof queueMachine>;
  served: { member: Member; why: WhyThisMember };
}

export function WhyThisMemberPanel({ queue, served: { member, why } }: WhyThisMemberProps) {
  const isAdmin = useSelector(queue, selectIsAdmin);
  const resetting = useSelector(queue, selectResetting);
  const name = memberName(member);
  return (
    <section className="why-member" aria-labelledby="why-member-title">
      <h3 id="why-member-title">Why this member?</h3>
      <dl className="why-member__list">
        {whyLines(why).map(({ term, text }) => (
          <div key={term} className="why-member__item">
            <dt>{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      {isAdmin && why.attempts > 0 ? (
        <button
          type="button"
          className="button button--small"
          disabled={resetting}
          onClick={() => queue.send({ type: "queue.reset.ask", memberId: member.id, name })}
        >
          Reset attempts
        </button>
      ) : null}
    </section>
  );
}
