// The agents a campaign is assigned to: a checkbox for each enabled member of staff.
import { useSelector } from "@xstate/react";
import type { CampaignEditorActor } from "../../machines/campaigns/campaignEditor.machine";
import type { CampaignsActor } from "../../machines/campaigns/campaigns.machine";
import * as campaigns from "../../machines/campaigns/campaigns.selectors";

interface AgentsProps {
  page: CampaignsActor;
  editor: CampaignEditorActor;
  disabled: boolean;
  problem: string | undefined;
}

export function AgentsChoice({ page, editor, disabled, problem }: AgentsProps) {
  const staff = useSelector(page, campaigns.selectAssignable);
  const { agents } = useSelector(editor, campaigns.selectDraft);
  return (
    <fieldset className="dialog-fieldset" aria-invalid={problem ? true : undefined}>
      <legend>Agents assigned</legend>
      <p className="practice-choice__summary">{agents.length === 0 ? "None assigned: nobody is served from this campaign." : `${agents.length} assigned.`}</p>
      <ul className="practice-choice">
        {staff.map((member) => (
          <li key={member.id}>
            <label className="practice-choice__option">
              <input type="checkbox" checked={agents.includes(member.id)} disabled={disabled} onChange={() => editor.send({ type: "editor.agent.toggle", id: member.id })} />
              <span>
                {member.firstname} {member.lastname}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {problem ? <p className="field-problem">Agents {problem}</p> : null}
    </fieldset>
  );
}
