// The Staff screen (administrators): the call center's accounts, adding and changing them, and
// ending or giving back an account's access. It renders the staff machine that src/app created.
import { useSelector } from "@xstate/react";
import { LoadStatus } from "../../components/LoadStatus";
import { PageHeader } from "../../components/PageHeader";
import type { StaffActor } from "../../machines/staff/staff.machine";
import * as staff from "../../machines/staff/staff.selectors";
import { ConfirmDisableDialog } from "./ConfirmDisableDialog";
import { StaffForm } from "./StaffForm";
import { StaffTable } from "./StaffTable";
import "../dialogs.css";
import "../admin.css";


export function StaffScreen({ actor }: { actor: StaffActor }) {
  const loading = useSelector(actor, staff.selectLoading);
  const loadFailed = useSelector(actor, staff.selectLoadFailed);
  const ready = useSelector(actor, staff.selectReady);
  const failure = useSelector(actor, staff.selectListFailure);
  const notice = useSelector(actor, staff.selectNotice);
  const canChange = useSelector(actor, staff.selectCanChange);
  const draft = useSelector(actor, staff.selectDraft);
  const disableTarget = useSelector(actor, staff.selectDisableTarget);

  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <PageHeader title="Staff">
        <button type="button" className="button button--primary" disabled={!ready || !canChange} onClick={() => actor.send({ type: "staff.add" })}>
          Add staff member
        </button>
      </PageHeader>
      <p className="muted admin-page__intro">
        Whoever signs in must be an enabled account here. Administrators manage staff, practices and member files.
      </p>
      <LoadStatus
        loading={loading}
        loadingText="Loading the staff…"
        failure={loadFailed || ready ? failure?.message : null}
        onRetry={loadFailed ? () => actor.send({ type: "staff.retry" }) : null}
      />
      {notice ? (
        <p role="status" className="alert admin-page__notice">
          {notice}
        </p>
      ) : null}
      {ready ? <StaffTable actor={actor} /> : null}
      {draft ? <StaffForm actor={actor} draft={draft} /> : null}
      {disableTarget ? <ConfirmDisableDialog actor={actor} member={disableTarget} /> : null}
    </section>
  );
}
