// How a part beside the list follows it (the claims, the result save, the dialogs): the rows and
// whether a page is shown, as they change, and each page load begun, done or failed, as the list
// emits it. The list knows none of its followers; each invokes this with the list it works beside.
import { fromCallback, type ActorRefFrom, type EventObject, type SnapshotFrom } from "xstate";
import type { Member } from "../members.filters";
import type { membersListMachine } from "./list.machine";
import type { ListEmitted } from "./list.types";
import { selectMembers, selectPageShown } from "./list.selectors";

export type ListRef = ActorRefFrom<typeof membersListMachine>;

/** The rows as they are now, and whether they are a page shown (not one being read or failed). */
export type ListRows = { type: "members.rows"; members: Member[]; ready: boolean };
export type ListNews = ListRows | ListEmitted;

const rowsOf = (snapshot: SnapshotFrom<typeof membersListMachine>): ListRows => ({
  type: "members.rows",
  members: selectMembers(snapshot),
  ready: selectPageShown(snapshot),
});

const EMITTED: ListEmitted["type"][] = ["members.page.loading", "members.page.loaded", "members.page.failed"];

/** Sends its invoker ListNews; it receives nothing. */
export const followList = fromCallback<EventObject, { list: ListRef }>(({ input: { list }, sendBack }) => {
  let last = rowsOf(list.getSnapshot());
  sendBack(last);
  const rows = list.subscribe((snapshot) => {
    const next = rowsOf(snapshot);
    if (next.members === last.members && next.ready === last.ready) return;
    last = next;
    sendBack(next);
  });
  const loads = EMITTED.map((type) => list.on(type, (event) => sendBack(event)));
  return () => {
    rows.unsubscribe();
    loads.forEach((load) => load.unsubscribe());
  };
});
