// "My callbacks (n)" in the members screen's header (its machine: src/machines/callbacks/mine): a
// popover of the agent's open callbacks, due first — member, due time (the member's and the
// agent's), note — the due ones marked; opening one shows that member in the list.
import { useSelector } from "@xstate/react";
import { useId, type KeyboardEvent } from "react";
import type { MyCallbacksActor } from "../../machines/callbacks/mine/myCallbacks.machine";
import * as mine from "../../machines/callbacks/mine/myCallbacks.selectors";
import { dueTimes } from "../../machines/callbacks/callbackTime";
import "./callbacks.css";

export function MyCallbacks({ actor }: { actor: MyCallbacksActor }) {
  const count = useSelector(actor, mine.selectMyCallbackCount);
  const due = useSelector(actor, mine.selectDueCount);
  const open = useSelector(actor, mine.selectPanelOpen);
  const panelId = useId();
  const close = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      actor.send({ type: "callbacks.mine.close" });
    }
  };
  return (
    <div className="my-callbacks" onKeyDown={close}>
      <button type="button" className="button" aria-expanded={open} aria-controls={panelId} onClick={() => actor.send({ type: "callbacks.mine.toggle" })}>
        My callbacks ({count})
        {due > 0 ? <span className="my-callbacks__due-count"> · {due} due</span> : null}
      </button>
      {open ? <MyCallbacksPanel actor={actor} id={panelId} /> : null}
    </div>
  );
}

function MyCallbacksPanel({ actor, id }: { actor: MyCallbacksActor; id: string }) {
  const status = useSelector(actor, mine.selectMyCallbacksStatus);
  const failure = useSelector(actor, mine.selectMyCallbacksFailure);
  const callbacks = useSelector(actor, mine.selectMyCallbacks);
  const dueIds = useSelector(actor, mine.selectDueIds, (a, b) => a.size === b.size && [...a].every((each) => b.has(each)));
  return (
    <section id={id} className="my-callbacks__panel" aria-label="My callbacks">
      {status === "loading" ? <p role="status">Loading your callbacks…</p> : null}
      {status === "failed" ? (
        <p role="alert" className="alert alert--error">
          {failure}{" "}
          <button type="button" className="button--link" onClick={() => actor.send({ type: "callbacks.mine.retry" })}>
            Try again
          </button>
        </p>
      ) : null}
      {status === "ready" && callbacks.length === 0 ? <p className="muted">You have no open callbacks.</p> : null}
      {callbacks.length > 0 ? (
        <ul className="my-callbacks__list">
          {callbacks.map((item) => {
            const times = dueTimes(item.dueAt, item.timeZone);
            const isDue = dueIds.has(item.id);
            return (
              <li key={item.id} className={isDue ? "my-callbacks__item my-callbacks__item--due" : "my-callbacks__item"}>
                <button type="button" className="button--link my-callbacks__member" onClick={() => actor.send({ type: "callbacks.mine.show", callbackId: item.id })}>
                  {item.member.First_Name} {item.member.Last_Name}
                </button>
                {isDue ? <span className="my-callbacks__due">Due</span> : null}
                <span className="my-callbacks__time">
                  {times.member}
                  {times.mine ? <span className="muted"> · {times.mine} yours</span> : null}
                </span>
                {item.note ? <span className="my-callbacks__note">{item.note}</span> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
