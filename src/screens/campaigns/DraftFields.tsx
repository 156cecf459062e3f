// The campaign editor's fields: a labelled field with the server's word on it, and a text field of
// the draft that sends its changes to the editor.
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { CampaignEditorActor } from "../../machines/campaigns/campaignEditor.machine";
import type { DraftField } from "../../machines/campaigns/campaignDraft";
import * as campaigns from "../../machines/campaigns/campaigns.selectors";

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
      <input
        id={id}
        type={type}
        value={value}
        disabled={disabled}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...extra}
      />
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

type TextOptions = { required?: boolean; min?: number; max?: number };

/** The draft's text fields, each named `${formId}-${field}`: the current value, the server's word on it, disabled while saving. */
export function useDraftText(editor: CampaignEditorActor, formId: string) {
  const draft = useSelector(editor, campaigns.selectDraft);
  const saving = useSelector(editor, campaigns.selectSaving);
  const problems = useSelector(editor, campaigns.selectFieldProblems);
  const change = (field: DraftField) => (value: string) => editor.send({ type: "editor.field.change", field, value });
  return (field: DraftField, label: string, type = "text", extra: TextOptions = {}) => (
    <TextField id={`${formId}-${field}`} label={label} type={type} value={draft[field]} problem={problems[field]} disabled={saving} onChange={change(field)} {...extra} />
  );
}
