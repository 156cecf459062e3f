// The Campaigns page's questions: the name of a copy (a new draft), and whether to finish a
// campaign (for good: it is never served again).
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import { Modal } from "../../components/Modal";
import { failureText } from "../../machines/adminFailure";
import type { CampaignsActor } from "../../machines/campaigns/campaigns.machine";
import * as campaigns from "../../machines/campaigns/campaigns.selectors";

export function CloneDialog({ actor }: { actor: CampaignsActor }) {
  const cloning = useSelector(actor, campaigns.selectCloning);
  const formId = useId();
  if (!cloning) return null;
  const cancel = () => actor.send({ type: "campaigns.cancel" });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "campaigns.clone.confirm" });
  };
  return (
    <Modal
      title="Copy the campaign"
      size="small"
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" disabled={cloning.busy} onClick={cancel}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={cloning.busy}>
            {cloning.busy ? "Copying…" : "Copy"}
          </button>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={confirm} noValidate>
        {cloning.failure ? (
          <p role="alert" className="alert alert--error">
            {failureText(cloning.failure)}
          </p>
        ) : null}
        <p>The copy is a draft with everything of the campaign but its name and history.</p>
        <div className="dialog-field">
          <label htmlFor={`${formId}-name`}>Name of the copy</label>
          <input
            id={`${formId}-name`}
            type="text"
            value={cloning.name}
            maxLength={100}
            disabled={cloning.busy}
            aria-invalid={cloning.failure ? true : undefined}
            onChange={(event) => actor.send({ type: "campaigns.clone.name", name: event.target.value })}
          />
        </div>
      </form>
    </Modal>
  );
}

export function ConfirmFinishDialog({ actor }: { actor: CampaignsActor }) {
  const campaign = useSelector(actor, campaigns.selectFinishAsked);
  if (!campaign) return null;
  const cancel = () => actor.send({ type: "campaigns.cancel" });
  return (
    <Modal
      title={`Finish ${campaign.name}?`}
      size="small"
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={() => actor.send({ type: "campaigns.step.confirm" })}>
            Finish
          </button>
        </>
      }
    >
      <p>A finished campaign is kept with its history but is never served again and cannot be changed. Pause it instead to stop it for now.</p>
    </Modal>
  );
}
