// The campaigns in the supervisor's order: name and description, state, what they target, the
// agents, the days and hours, and the buttons of what the state allows.
import { useSelector } from "@xstate/react";
import type { CampaignsActor } from "../../machines/campaigns/campaigns.machine";
import * as campaigns from "../../machines/campaigns/campaigns.selectors";
import { agentNames, targetsText, whenText } from "./campaignFormat";

export function CampaignsTable({ actor }: { actor: CampaignsActor }) {
  const rows = useSelector(actor, campaigns.selectCampaigns);
  const staff = useSelector(actor, campaigns.selectStaff);
  const practices = useSelector(actor, campaigns.selectPractices);
  const canChange = useSelector(actor, campaigns.selectCanChange);
  const busyId = useSelector(actor, campaigns.selectBusyId);
  if (rows.length === 0) return <p className="muted">There are no campaigns yet: a new campaign starts as a draft.</p>;
  return (
    // Wider than a 1366 px window with its progress: the scroll region takes the keyboard's focus.
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Campaigns table">
      <table className="data-table admin-table campaigns-table">
        <caption>Campaigns ({rows.length})</caption>
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">State</th>
            <th scope="col">Targets</th>
            <th scope="col">Agents</th>
            <th scope="col">When</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((campaign) => (
            <tr key={campaign.id}>
              <th scope="row">
                {campaign.name}
                {campaign.description ? <span className="admin-table__email">{campaign.description}</span> : null}
              </th>
              <td>
                <span className={`badge campaign-state campaign-state--${campaign.state}`}>{campaign.state}</span>
              </td>
              <td>{targetsText(campaign.targets, practices)}</td>
              <td>{agentNames(campaign.agents, staff)}</td>
              <td>
                <CampaignWhen {...whenText(campaign)} />
              </td>
              <td>
                <div className="admin-table__actions">
                  {campaigns.canEdit(campaign) ? (
                    <button type="button" className="button" disabled={!canChange} aria-label={`Edit ${campaign.name}`} onClick={() => actor.send({ type: "campaigns.edit", id: campaign.id })}>
                      Edit
                    </button>
                  ) : null}
                  <button type="button" className="button" disabled={!canChange} aria-label={`Copy ${campaign.name}`} onClick={() => actor.send({ type: "campaigns.clone", id: campaign.id })}>
                    Copy
                  </button>
                  {campaigns.stepsOf(campaign).map(({ step, label }) => (
                    <button
                      key={step}
                      type="button"
                      className="button"
                      disabled={!canChange}
                      aria-label={`${label} ${campaign.name}`}
                      onClick={() => actor.send({ type: "campaigns.step", id: campaign.id, step })}
                    >
                      {busyId === campaign.id ? "…" : label}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The days on one line, its hours under them: a date broken over lines reads as two. */
function CampaignWhen({ days, hours }: { days: string; hours?: string }) {
  return (
    <>
      <span className="campaigns-table__days">{days}</span>
      {hours ? <span className="campaigns-table__hours">{hours}</span> : null}
    </>
  );
}
