// A campaign's rules in the editor: its days and optional hours, its goal (a result, and optionally
// how many members by a day), its attempt cap and its rests after No answer and Left message when
// stricter than the queue's.
import { useSelector } from "@xstate/react";
import { RESULT_OPTIONS } from "../../../domain/vocabulary.ts";
import type { CampaignEditorActor } from "../../machines/campaigns/campaignEditor.machine";
import * as campaigns from "../../machines/campaigns/campaigns.selectors";
import { FieldBox, useDraftText } from "./DraftFields";

export function CampaignRulesFields({ editor, formId }: { editor: CampaignEditorActor; formId: string }) {
  const { goalResult } = useSelector(editor, campaigns.selectDraft);
  const saving = useSelector(editor, campaigns.selectSaving);
  const problems = useSelector(editor, campaigns.selectFieldProblems);
  const text = useDraftText(editor, formId);
  return (
    <>
      <div className="campaign-form__row">
        {text("startsOn", "First day", "date", { required: true })}
        {text("endsOn", "Last day", "date", { required: true })}
        {text("hoursFrom", "Hours from (optional)", "time")}
        {text("hoursTo", "Hours to", "time")}
      </div>
      {problems.hours ? <p className="field-problem">Hours {problems.hours}</p> : null}
      <div className="campaign-form__row">
        <FieldBox id={`${formId}-goalResult`} label="Goal result" problem={problems.goalResult}>
          <select
            id={`${formId}-goalResult`}
            value={goalResult}
            disabled={saving}
            onChange={(event) => editor.send({ type: "editor.field.change", field: "goalResult", value: event.target.value })}
          >
            <option value="">No goal</option>
            {RESULT_OPTIONS.map((result) => (
              <option key={result} value={result}>
                {result}
              </option>
            ))}
          </select>
        </FieldBox>
        {text("goalCount", "Goal count (optional)", "number", { min: 1, max: 1000000 })}
        {text("goalBy", "Goal by", "date")}
      </div>
      <div className="campaign-form__row">
        {text("attemptCap", "Attempt cap", "number", { min: 1, max: 100 })}
        {text("cooldownNoAnswer", "Rest after No answer (hours)", "number", { min: 1, max: 720 })}
        {text("cooldownLeftMessage", "Rest after Left message (hours)", "number", { min: 1, max: 720 })}
      </div>
      <p className="muted campaign-form__note">
        A member who reaches the goal result leaves the campaign&apos;s queue. An empty cap or rest keeps the queue&apos;s own; a campaign only
        makes them stricter.
      </p>
      {problems.cooldownHours ? <p className="field-problem">Rests {problems.cooldownHours}</p> : null}
    </>
  );
}
