// What the members list says about itself above the table: a load that failed (Try again), a link
// that named something unknown, the live stream interrupted, and a page being read or a search
// about to run.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { membersListMachine } from "../../machines/members/list/list.machine";
import * as list from "../../machines/members/list/list.selectors";
import type { liveEventsMachine } from "../../machines/liveEvents/liveEvents.machine";

type ListRef = ActorRefFrom<typeof membersListMachine>;

/** Where the list would be: the failure's message is the app's alert above (§4), said once. */
export function ListFailure({ list: actor }: { list: ListRef }) {
  return (
    <div className="alert alert--error report-status">
      <p className="alert__message">Nothing is shown until the list loads.</p>
      <button type="button" className="button" onClick={() => actor.send({ type: "members.retry" })}>
        Try again
      </button>
    </div>
  );
}

export function UnknownLinkNotice({ list: actor }: { list: ListRef }) {
  const notice = useSelector(actor, list.selectUnknownInLink);
  if (!notice) return null;
  return (
    <div role="alert" className="alert alert--warning report-status">
      <p className="alert__message">{notice}</p>
    </div>
  );
}

/** Says when colleagues' changes are not reaching the list (its event stream is reconnecting). */
export function LiveStatus({ list: actor }: { list: ListRef }) {
  const live = useSelector(actor, list.selectLiveActor);
  return live ? <StreamStatus stream={live} /> : null;
}

function StreamStatus({ stream }: { stream: ActorRefFrom<typeof liveEventsMachine> }) {
  const status = useSelector(stream, list.selectStreamStatus);
  return (
    <p role="status" className="members-page__live">
      {status === "interrupted" ? "Live updates interrupted: colleagues' changes show again once reconnected." : ""}
    </p>
  );
}

/** A page being read (or a result saved), or a search waiting for the typing to stop. */
export function ListActivity({ list: actor, busy }: { list: ListRef; busy: boolean }) {
  const searchPending = useSelector(actor, list.selectSearchPending);
  return (
    <p role="status" className="members-page__status">
      {busy ? "Loading members…" : searchPending ? "Searching when you stop typing…" : ""}
    </p>
  );
}
