// The member the work queue served, above the list ("Now calling"), with the controls of a list
// row (phone link, result selector, notes, history) and "Why this member?"; or, with nobody to
// call, "No one to call now" and why. Above the list rather than on it: the served member is
// rarely on the page shown (the queue's order is not the list's sort), and a row of its own keeps
// the page, its paging and its count as the agent left them. The phone link takes the focus when a
// member is served, so Enter dials. A member served for a campaign shows the campaign's script under it.
import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { MembersParts } from "../../machines/members/members.machine";
import type { Member } from "../../machines/members/members.filters";
import * as queue from "../../machines/members/queue/queue.selectors";
import { selectControlsLocked, selectSavingResult } from "../../machines/members/save/resultSave.selectors";
import { memberName } from "./memberFormat";
import { ResultSelect, LockedContext } from "./ResultSelect";
import { NoOneToCall } from "./NoOneToCall";
import { WhyThisMemberPanel } from "./WhyThisMember";
import { CampaignScript } from "./CampaignPanel";
import "./queue.css";

export function NowCalling({ parts }: { parts: MembersParts }) {
  const turn = useSelector(parts.queue, queue.selectTurn);
  const served = useSelector(parts.queue, queue.selectServed);
  if (turn === "empty") return <NoOneToCall queue={parts.queue} />;
  if (!served || turn === "idle" || turn === "failed") return null;
  const saved = turn === "resultSaved";
  const dismiss = () => parts.queue.send({ type: "queue.dismiss" });
  return (
    <section className="now-calling" aria-labelledby="now-calling-title" data-queue-served="">
      <div className="now-calling__head">
        <h2 id="now-calling-title">{saved ? "Result saved" : "Now calling"}</h2>
        <button type="button" className="button button--small" onClick={dismiss}>
          {saved ? "Close" : "Done"}
        </button>
      </div>
      <div className="now-calling__main">
        {saved ? (
          <p className="now-calling__saved">
            The result of {memberName(served.member)} is saved. <strong>Next member</strong> (<kbd>m</kbd>) serves the one after.
          </p>
        ) : (
          <ServedMember parts={parts} member={served.member} />
        )}
        <CampaignScript actor={parts.campaign} />
      </div>
      <ReleaseQuestion parts={parts} member={served.member} />
      <WhyThisMemberPanel queue={parts.queue} served={served} />
    </section>
  );
}

/** Next pressed while the served member is held: let it go for the next one, or keep it. */
function ReleaseQuestion({ parts, member }: { parts: MembersParts; member: Member }) {
  const asked = useSelector(parts.queue, queue.selectReleaseAsked);
  const releaseRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asked) releaseRef.current?.focus();
  }, [asked]);
  if (!asked) return null;
  const name = memberName(member);
  return (
    <div className="now-calling__release" role="group" aria-labelledby="now-calling-release">
      <p id="now-calling-release">
        You are still on {name}. Release {name} and serve the next member?
      </p>
      <button ref={releaseRef} type="button" className="button button--primary button--small" onClick={() => parts.queue.send({ type: "queue.release.confirm" })}>
        Release and serve next
      </button>
      <button type="button" className="button button--small" onClick={() => parts.queue.send({ type: "queue.release.cancel" })}>
        Keep {name}
      </button>
    </div>
  );
}

function ServedMember({ parts, member }: { parts: MembersParts; member: Member }) {
  const seq = useSelector(parts.queue, queue.selectServedSeq);
  const locked = useSelector(parts.save, selectControlsLocked);
  const saving = useSelector(parts.save, selectSavingResult);
  const phoneRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => phoneRef.current?.focus(), [seq]);
  const name = memberName(member);
  return (
    <div className="now-calling__member">
      <strong className="now-calling__name">
        {member.Last_Name}, {[member.First_Name, member.Middle_Name].filter(Boolean).join(" ")}
      </strong>
      <span>
        {member.Practice} · {member.City}, {member.State}
      </span>
      <a
        ref={phoneRef}
        href={`tel:${member.Phone.replace(/[^0-9+]/g, "")}`}
        className="now-calling__phone"
        onClick={() => parts.queue.send({ type: "queue.call.start" })}
      >
        {member.Phone}
        <span className="visually-hidden"> (call {name})</span>
      </a>
      <LockedContext.Provider value={locked}>
        <ResultSelect
          label={`Result for ${name}`}
          value={saving?.memberId === member.id ? saving.result : member.Result}
          onOpen={() => undefined}
          onChange={(result) => parts.save.send({ type: "members.result.save", member, result })}
        />
      </LockedContext.Provider>
      <button type="button" className="button button--small" onClick={() => parts.dialogs.send({ type: "members.notes.open", member })}>
        Add Notes
      </button>
      <button type="button" className="button--link" onClick={() => parts.dialogs.send({ type: "members.history.open", member })}>
        View History
      </button>
    </div>
  );
}
