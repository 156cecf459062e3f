// The agent's campaigns on the members list (the campaign panel machine): which campaigns Next
// serves from (then the list's filters do not choose the next member, and the agent should know),
// and, beside the member served, its campaign and the call script as the supervisor wrote it, line
// breaks kept, folded away on request; and which campaign a list narrowed to one (the progress'
// drill-down) shows, and which of its members: those one figure of its progress counts, of one
// agent's saves when an agent's row opened it (the agent named as that row names them).
import { useSelector } from "@xstate/react";
import { useId } from "react";
import type { ActorRefFrom } from "xstate";
import type { CampaignPanelActor } from "../../machines/members/campaignPanel/campaignPanel.machine";
import * as panel from "../../machines/members/campaignPanel/campaignPanel.selectors";
import type { membersListMachine } from "../../machines/members/list/list.machine";
import { selectFilters } from "../../machines/members/list/list.selectors";
import type { MemberFilters } from "../../machines/members/members.filters";

type ListRef = ActorRefFrom<typeof membersListMachine>;

/** "Next member serves your campaigns: …", while the agent has active campaigns. */
export function CampaignsNotice({ actor }: { actor: CampaignPanelActor }) {
  const active = useSelector(actor, panel.selectActiveCampaigns);
  const failed = useSelector(actor, panel.selectCampaignsFailed);
  if (failed) {
    return (
      <p className="campaigns-notice" role="status">
        Your campaigns could not be read.{" "}
        <button type="button" className="button--link" onClick={() => actor.send({ type: "campaign.retry" })}>
          Try again
        </button>
      </p>
    );
  }
  if (active.length === 0) return null;
  return (
    <p className="campaigns-notice" data-campaigns-notice="">
      <strong>Next member</strong> serves your {active.length === 1 ? "campaign" : "campaigns"}: {active.map((campaign) => campaign.name).join(", ")}. The
      filters below choose the list, not the next member.
    </p>
  );
}

/** The served member's campaign and its script, beside the member. */
export function CampaignScript({ actor }: { actor: CampaignPanelActor }) {
  const campaign = useSelector(actor, panel.selectCurrentCampaign);
  const open = useSelector(actor, panel.selectScriptOpen);
  const scriptId = useId();
  if (!campaign) return null;
  return (
    <section className="campaign-script" aria-label={`Campaign ${campaign.name}`}>
      <div className="campaign-script__head">
        <span>
          Campaign <strong>{campaign.name}</strong>
        </span>
        <button
          type="button"
          className="button--link"
          aria-expanded={open}
          aria-controls={scriptId}
          onClick={() => actor.send({ type: "campaign.script.toggle" })}
        >
          {open ? "Hide script" : "Show script"}
        </button>
      </div>
      <div id={scriptId} className="campaign-script__text" hidden={!open} aria-label="Call script" role="region">
        {campaign.script === "" ? <span className="muted">This campaign has no script.</span> : campaign.script}
      </div>
    </section>
  );
}

/** Which members of the campaign the list shows, by the figure of its progress a drill-down opened. */
const FIGURE_NOTICE: Record<MemberFilters["campaignFigure"], { who: string; rule: string }> = {
  called: { who: "called", rule: "" },
  reached: { who: "reached", rule: " (a result saved in it reached a person)" },
  appointments: { who: "given an appointment", rule: " (its goal result, else Appointment Made, saved in it, whatever their result is now)" },
};

/** The list narrowed to the members a figure of a campaign's progress counts (its drill-down), and the way back to every member. */
export function CampaignFilterNotice({ list: listActor, panel }: { list: ListRef; panel: CampaignPanelActor }) {
  const filters = useSelector(listActor, selectFilters);
  const campaign = filters.campaign;
  const name = useSelector(panel, panelNameOf(campaign));
  const agentName = useSelector(panel, agentNameOf(filters.campaignAgent));
  if (campaign === null) return null;
  const figure = FIGURE_NOTICE[filters.campaignFigure];
  return (
    <p className="campaigns-notice" role="status">
      Only the members {figure.who} in the campaign <strong>{name ?? `number ${campaign}`}</strong>
      {filters.campaignAgent !== null ? (
        <>
          {" "}
          by the agent <strong>{agentName ?? `number ${filters.campaignAgent}`}</strong>
        </>
      ) : null}
      {figure.rule}
      {filters.result !== "all" ? <> whose result is now <strong>{filters.result === "" ? "Blank" : filters.result}</strong></> : null}.{" "}
      <button type="button" className="button--link" onClick={() => listActor.send({ type: "members.filter.change", change: { campaign: null } })}>
        Show members of every campaign
      </button>
    </p>
  );
}

const panelNameOf = (campaign: number | null) => (campaign === null ? () => undefined : panel.selectCampaignName(campaign));
const agentNameOf = (agent: number | null) => (agent === null ? () => undefined : panel.selectAgentName(agent));
