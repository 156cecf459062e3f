// The Callbacks page (administrators): every open callback, filtered by agent, practice and due
// days; several selected are reassigned to an agent or to anyone, confirmed with the count. It
// renders the machine src/app created (src/machines/callbacksAdmin).
import { useSelector } from "@xstate/react";
import { PageHeader } from "../../components/PageHeader";
import { Modal } from "../../components/Modal";
import type { CallbacksAdminActor } from "../../machines/callbacksAdmin/callbacksAdmin.machine";
import * as page from "../../machines/callbacksAdmin/callbacksAdmin.selectors";
import { CallbacksFilters } from "./CallbacksFilters";
import { CallbacksTable } from "./CallbacksTable";
import { ReassignBar } from "./ReassignBar";
import "../admin.css";
import "../dialogs.css";
import "./callbacks.css";

export function CallbacksScreen({ actor }: { actor: CallbacksAdminActor }) {
  const status = useSelector(actor, page.selectStatus);
  const failure = useSelector(actor, page.selectFailure);
  const notice = useSelector(actor, page.selectNotice);
  return (
    <section className="page admin-page callbacks-page" aria-labelledby="page-title">
      <PageHeader title="Callbacks" />
      <p className="muted admin-page__intro">Every open callback, due first. Select several to give them to another agent, or to anyone.</p>
      <CallbacksFilters actor={actor} />
      {failure ? (
        <p role="alert" className="alert alert--error">
          {failure}{" "}
          {status === "failed" ? (
            <button type="button" className="button--link" onClick={() => actor.send({ type: "callbacks.retry" })}>
              Try again
            </button>
          ) : null}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="alert admin-page__notice">
          {notice}
        </p>
      ) : null}
      <ReassignBar actor={actor} />
      {status === "failed" ? null : <CallbacksTable actor={actor} />}
      <ReassignQuestion actor={actor} />
    </section>
  );
}

function ReassignQuestion({ actor }: { actor: CallbacksAdminActor }) {
  const question = useSelector(actor, page.selectQuestion);
  const reassigning = useSelector(actor, page.selectReassigning);
  if (!question) return null;
  return (
    <Modal
      title="Reassign callbacks"
      size="small"
      onClose={() => actor.send({ type: "callbacks.cancel" })}
      actions={
        <>
          <button type="button" className="button" onClick={() => actor.send({ type: "callbacks.cancel" })} disabled={reassigning}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: "callbacks.confirm" })} aria-disabled={reassigning}>
            {reassigning ? "Reassigning…" : "Reassign"}
          </button>
        </>
      }
    >
      <p className="dialog-confirmation">{question}</p>
    </Modal>
  );
}
