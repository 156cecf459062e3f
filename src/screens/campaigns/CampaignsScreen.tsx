// The Campaigns page (administrators): the campaigns in the supervisor's order, each with its state,
// targets, agents and dates and the steps its state allows; the editor, the copy's name and the
// question before finishing as dialogs; under them, each campaign's progress. It renders the
// campaigns and progress machines that src/app created.
import { useSelector } from "@xstate/react";
import { LoadStatus } from "../../components/LoadStatus";
import { PageHeader } from "../../components/PageHeader";
import type { CampaignsActor } from "../../machines/campaigns/campaigns.machine";
import * as campaigns from "../../machines/campaigns/campaigns.selectors";
import { CampaignEditor } from "./CampaignEditor";
import { CampaignsTable } from "./CampaignsTable";
import { CloneDialog, ConfirmFinishDialog } from "./CampaignDialogs";
import type { CampaignProgressActor } from "../../machines/campaignProgress/campaignProgress.machine";
import { CampaignProgressSection } from "../campaignProgress/CampaignProgressSection";
import type { ExportActor } from "../export/ExportCsvButton";
import "../dialogs.css";
import "../admin.css";
import "./campaigns.css";

export function CampaignsScreen({ actor, progress, exporter }: { actor: CampaignsActor; progress: CampaignProgressActor; exporter: ExportActor }) {
  const loading = useSelector(actor, campaigns.selectLoading);
  const loadFailed = useSelector(actor, campaigns.selectLoadFailed);
  const ready = useSelector(actor, campaigns.selectReady);
  const failure = useSelector(actor, campaigns.selectFailure);
  const notice = useSelector(actor, campaigns.selectNotice);
  const canChange = useSelector(actor, campaigns.selectCanChange);
  const editor = useSelector(actor, campaigns.selectEditor);
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <PageHeader title="Campaigns">
        <button type="button" className="button button--primary" disabled={!ready || !canChange} onClick={() => actor.send({ type: "campaigns.add" })}>
          New campaign
        </button>
      </PageHeader>
      <p className="muted admin-page__intro">
        An agent with active campaigns gets Next from them, in this order; an agent with none works the members list's filters.
      </p>
      <LoadStatus
        loading={loading}
        loadingText="Loading the campaigns…"
        failure={failure?.message}
        onRetry={loadFailed ? () => actor.send({ type: "campaigns.retry" }) : null}
      />
      {notice ? (
        <p role="status" className="alert admin-page__notice">
          {notice}
        </p>
      ) : null}
      {ready ? <CampaignsTable actor={actor} /> : null}
      <CampaignProgressSection actor={progress} exporter={exporter} />
      {editor ? <CampaignEditor page={actor} editor={editor} /> : null}
      <CloneDialog actor={actor} />
      <ConfirmFinishDialog actor={actor} />
    </section>
  );
}
