// The Practices and regions screen (administrators): the practice group's practices, each in a
// region and receiving payers' member lists, and the call center's regions, added, named and
// removed here. It renders the practices-admin machine that src/app created.
import { useSelector } from "@xstate/react";
import { LoadStatus } from "../../components/LoadStatus";
import { PageHeader } from "../../components/PageHeader";
import type { PracticesAdminActor } from "../../machines/practicesAdmin/practicesAdmin.machine";
import * as admin from "../../machines/practicesAdmin/practicesAdmin.selectors";
import { PracticeForm } from "./PracticeForm";
import { PracticesTable } from "./PracticesTable";
import { ConfirmRemoveRegionDialog } from "./ConfirmRemoveRegionDialog";
import { RegionForm } from "./RegionForm";
import { RegionsTable } from "./RegionsTable";
import "../dialogs.css";
import "../admin.css";

export function PracticesAdminScreen({ actor }: { actor: PracticesAdminActor }) {
  const loading = useSelector(actor, admin.selectLoading);
  const loadFailed = useSelector(actor, admin.selectLoadFailed);
  const ready = useSelector(actor, admin.selectReady);
  const canChange = useSelector(actor, admin.selectCanChange);
  const failure = useSelector(actor, admin.selectFailure);
  const notice = useSelector(actor, admin.selectNotice);
  const draft = useSelector(actor, admin.selectDraft);
  const regionDraft = useSelector(actor, admin.selectRegionDraft);
  const removing = useSelector(actor, admin.selectRemoving);
  const screenFailure = useSelector(actor, admin.selectScreenFailure);

  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <PageHeader title="Practices and regions">
        <button type="button" className="button button--primary" disabled={!ready || !canChange} onClick={() => actor.send({ type: "practices.add" })}>
          Add practice
        </button>
      </PageHeader>
      <p className="muted admin-page__intro">
        A payer&apos;s member file names each member&apos;s practice by its abbreviation; a practice takes the members of the payers ticked here.
      </p>
      <LoadStatus
        loading={loading}
        loadingText="Loading the practices…"
        failure={loadFailed ? failure?.message : null}
        onRetry={() => actor.send({ type: "practices.retry" })}
      />
      {notice ? (
        <p role="status" className="alert admin-page__notice">
          {notice}
        </p>
      ) : null}
      {screenFailure ? (
        <p role="alert" className="alert alert--error">
          {screenFailure.message}
        </p>
      ) : null}
      {ready ? (
        <div className="admin-stack">
          <RegionsTable actor={actor} />
          <PracticesTable actor={actor} />
        </div>
      ) : null}
      {draft ? <PracticeForm actor={actor} draft={draft} /> : null}
      {regionDraft ? <RegionForm actor={actor} draft={regionDraft} /> : null}
      {removing ? <ConfirmRemoveRegionDialog actor={actor} region={removing} /> : null}
    </section>
  );
}
