// The Callbacks page's table: one row per open callback, due first, each with a checkbox; the
// page's rows are selected all at once from the header; Previous and Next page through.
import { useSelector } from "@xstate/react";
import type { CallbacksAdminActor, CallbackItem } from "../../machines/callbacksAdmin/callbacksAdmin.machine";
import * as page from "../../machines/callbacksAdmin/callbacksAdmin.selectors";
import { dueTimes } from "../../machines/callbacks/callbackTime";

const ownerName = (item: CallbackItem) => (item.owner ? `${item.owner.firstname} ${item.owner.lastname}` : "Anyone");

export function CallbacksTable({ actor }: { actor: CallbacksAdminActor }) {
  const { callbacks, total_count } = useSelector(actor, page.selectPage);
  const selected = useSelector(actor, page.selectSelected);
  const busy = useSelector(actor, page.selectStatus) === "loading";
  const allSelected = callbacks.length > 0 && callbacks.every((item) => selected.includes(item.id));
  return (
    <div className="table-scroll" aria-busy={busy}>
      <table className="data-table callbacks-table">
        <caption>Open callbacks: {total_count}</caption>
        <thead>
          <tr>
            <th scope="col">
              <input type="checkbox" aria-label="Select every callback on this page" checked={allSelected} onChange={(event) => actor.send({ type: "callbacks.select.page", selected: event.target.checked })} />
            </th>
            <th scope="col">Member</th>
            <th scope="col">Practice</th>
            <th scope="col">Due (member's time)</th>
            <th scope="col">Due (yours)</th>
            <th scope="col">Agent</th>
            <th scope="col">Booked by</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {callbacks.length === 0 ? (
            <tr>
              <td colSpan={8} className="data-table__empty">
                {busy ? "Loading callbacks…" : "No open callback matches these filters."}
              </td>
            </tr>
          ) : (
            callbacks.map((item) => <CallbackRow key={item.id} actor={actor} item={item} checked={selected.includes(item.id)} />)
          )}
        </tbody>
      </table>
      <CallbacksPager actor={actor} />
    </div>
  );
}

function CallbackRow({ actor, item, checked }: { actor: CallbacksAdminActor; item: CallbackItem; checked: boolean }) {
  const name = `${item.member.First_Name} ${item.member.Last_Name}`;
  const times = dueTimes(item.dueAt, item.timeZone);
  return (
    <tr>
      <td>
        <input type="checkbox" aria-label={`Select the callback of ${name}`} checked={checked} onChange={() => actor.send({ type: "callbacks.select.toggle", id: item.id })} />
      </td>
      <th scope="row">
        {name} <span className="muted callbacks-table__subscriber">{item.member.Subscriber_ID}</span>
      </th>
      <td>{item.member.Practice}</td>
      <td>{times.member}</td>
      <td>{times.mine ?? "same"}</td>
      <td className="callbacks-table__person">{ownerName(item)}</td>
      <td className="callbacks-table__person">
        {item.bookedBy.firstname} {item.bookedBy.lastname}
      </td>
      <td className="callbacks-table__note">{item.note}</td>
    </tr>
  );
}

function CallbacksPager({ actor }: { actor: CallbacksAdminActor }) {
  const { pageNum } = useSelector(actor, page.selectPage);
  const pageCount = useSelector(actor, page.selectPageCount);
  if (pageCount <= 1) return null;
  return (
    <nav className="callbacks-page__pager" aria-label="Pages of callbacks">
      <button type="button" className="button" disabled={pageNum <= 1} onClick={() => actor.send({ type: "callbacks.page.change", pageNum: pageNum - 1 })}>
        Previous
      </button>
      <span>
        Page {pageNum} of {pageCount}
      </span>
      <button type="button" className="button" disabled={pageNum >= pageCount} onClick={() => actor.send({ type: "callbacks.page.change", pageNum: pageNum + 1 })}>
        Next
      </button>
    </nav>
  );
}
