// The campaign editor: name, description, call script, the members it targets (the members list's
// own filter controls, with the live count), the agents assigned, then its rules (days, hours, goal,
// cap, rests: CampaignRulesFields) and the order. Save stays off until a name and both days are
// there; the server's refusal shows on the fields it names.
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import { Modal } from "../../components/Modal";
import { failureText } from "../../machines/adminFailure";
import type { CampaignEditorActor } from "../../machines/campaigns/campaignEditor.machine";
import type { CampaignsActor } from "../../machines/campaigns/campaigns.machine";
import * as campaigns from "../../machines/campaigns/campaigns.selectors";
import { CampaignTargetsFields } from "./CampaignTargetsFields";
import { CampaignRulesFields } from "./CampaignRulesFields";
import { AgentsChoice } from "./AgentsChoice";
import { FieldBox, useDraftText } from "./DraftFields";

interface EditorProps {
  page: CampaignsActor;
  editor: CampaignEditorActor;
}

export function CampaignEditor({ page, editor }: EditorProps) {
  const draft = useSelector(editor, campaigns.selectDraft);
  const failure = useSelector(editor, campaigns.selectEditorFailure);
  const saving = useSelector(editor, campaigns.selectSaving);
  const canSave = useSelector(editor, campaigns.selectCanSave);
  const problems = useSelector(editor, campaigns.selectFieldProblems);
  const formId = useId();
  const text = useDraftText(editor, formId);
  const cancel = () => page.send({ type: "campaigns.editor.cancel" });
  const save = (event: FormEvent) => {
    event.preventDefault();
    editor.send({ type: "editor.save" });
  };
  return (
    <Modal
      title={draft.id === null ? "New campaign" : `Edit ${draft.name}`}
      size="large"
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" aria-disabled={!canSave}>
            {saving ? "Saving…" : "Save"}
          </button>
        </>
      }
    >
      <form id={formId} className="dialog-form campaign-form" onSubmit={save} noValidate aria-busy={saving}>
        {failure ? (
          <p role="alert" className="alert alert--error">
            {failureText(failure)}
          </p>
        ) : null}
        <div className="campaign-form__row">
          {text("name", "Name", "text", { required: true })}
          {text("position", "Order (lowest first)", "number", { min: 0, max: 10000 })}
        </div>
        {text("description", "Description")}
        <FieldBox id={`${formId}-script`} label="Call script (shown to the agent beside the member)" problem={problems.script}>
          <textarea
            id={`${formId}-script`}
            value={draft.script}
            disabled={saving}
            maxLength={20000}
            onChange={(event) => editor.send({ type: "editor.field.change", field: "script", value: event.target.value })}
          />
        </FieldBox>
        <CampaignTargetsFields page={page} editor={editor} disabled={saving} problem={problems.targets} />
        <AgentsChoice page={page} editor={editor} disabled={saving} problem={problems.agents} />
        <CampaignRulesFields editor={editor} formId={formId} />
      </form>
    </Modal>
  );
}
