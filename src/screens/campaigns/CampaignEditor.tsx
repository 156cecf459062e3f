// The campaign editor: name, description, call script, the members it targets (the members list's
// own filter controls, with the live count), the agents assigned, the days and optional hours, the
// goal, the attempt cap and the order. Save stays off until a name and both days are there; the
// server's refusal shows on the fields it names.
import { useSelector } from "@xstate/react";
import { useId, type FormEvent, type ReactNode } from "react";
import { Modal } from "../../components/Modal";
import { failureText } from "../../machines/adminFailure";
import type { CampaignEditorActor } from "../../machines/campaigns/campaignEditor.machine";
import type { CampaignsActor } from "../../machines/campaigns/campaigns.machine";
import type { DraftField } from "../../machines/campaigns/campaignDraft";
import * as campaigns from "../../machines/campaigns/campaigns.selectors";
import { RESULT_OPTIONS } from "../../../domain/vocabulary.ts";
import { CampaignTargetsFields } from "./CampaignTargetsFields";
import { AgentsChoice } from "./AgentsChoice";

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
  const cancel = () => page.send({ type: "campaigns.editor.cancel" });
  const save = (event: FormEvent) => {
    event.preventDefault();
    editor.send({ type: "editor.save" });
  };
  const change = (field: DraftField) => (value: string) => editor.send({ type: "editor.field.change", field, value });
  const text = (field: DraftField, label: string, type = "text", extra: { required?: boolean; min?: number; max?: number } = {}) => (
    <TextField id={`${formId}-${field}`} label={label} type={type} value={draft[field]} problem={problems[field]} disabled={saving} onChange={change(field)} {...extra} />
  );
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
          <textarea id={`${formId}-script`} value={draft.script} disabled={saving} maxLength={20000} onChange={(event) => change("script")(event.target.value)} />
        </FieldBox>
        <CampaignTargetsFields page={page} editor={editor} disabled={saving} problem={problems.targets} />
        <AgentsChoice page={page} editor={editor} disabled={saving} problem={problems.agents} />
        <div className="campaign-form__row">
          {text("startsOn", "First day", "date", { required: true })}
          {text("endsOn", "Last day", "date", { required: true })}
          {text("hoursFrom", "Hours from (optional)", "time")}
          {text("hoursTo", "Hours to", "time")}
        </div>
        {problems.hours ? <p className="field-problem">Hours {problems.hours}</p> : null}
        <div className="campaign-form__row">
          <FieldBox id={`${formId}-goal`} label="Goal: a member reached it with the result" problem={problems.goalResult}>
            <select id={`${formId}-goal`} value={draft.goalResult} disabled={saving} onChange={(event) => change("goalResult")(event.target.value)}>
              <option value="">No goal</option>
              {RESULT_OPTIONS.map((result) => (
                <option key={result} value={result}>
                  {result}
                </option>
              ))}
            </select>
          </FieldBox>
          {text("attemptCap", "Attempt cap (empty: the queue's)", "number", { min: 1, max: 100 })}
        </div>
      </form>
    </Modal>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  type: string;
  value: string;
  problem: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  required?: boolean;
  min?: number;
  max?: number;
}

function TextField({ id, label, type, value, problem, disabled, onChange, ...extra }: TextFieldProps) {
  return (
    <FieldBox id={id} label={label} problem={problem}>
      <input id={id} type={type} value={value} disabled={disabled} autoComplete="off" aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} onChange={(event) => onChange(event.target.value)} {...extra} />
    </FieldBox>
  );
}

/** A labelled field with the server's word on it, read out with the field. */
export function FieldBox({ id, label, problem, children }: { id: string; label: string; problem: string | undefined; children: ReactNode }) {
  return (
    <div className="dialog-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {problem ? (
        <p className="field-problem" id={`${id}-problem`}>
          {label.replace(/ \(.*\)$/, "")} {problem}
        </p>
      ) : null}
    </div>
  );
}
