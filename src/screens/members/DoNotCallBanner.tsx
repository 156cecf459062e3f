// The banner of a do-not-call member (docs/architecture.md, The work queue): when the current row
// (the one the agent moved to, or the first a search found) carries a do-not-call result, it says
// which, who saved it and when; its phone link is disabled on its row (MemberRow). A later result
// lifts both, live.
import { useSelector } from "@xstate/react";
import type { MembersParts } from "../../machines/members/members.machine";
import { selectCurrentMember } from "../../machines/members/workMode/workMode.selectors";
import { memberName } from "./memberFormat";
import { doNotCallText } from "./queueFormat";

export function DoNotCallBanner({ parts }: { parts: MembersParts }) {
  const member = useSelector(parts.work, selectCurrentMember);
  if (!member?.doNotCall) return null;
  return (
    <div role="status" className="alert alert--warning do-not-call" aria-label={`Do not call ${memberName(member)}`}>
      <p className="alert__message">
        <strong>{memberName(member)}</strong> · {doNotCallText(member.doNotCall)}
      </p>
    </div>
  );
}
