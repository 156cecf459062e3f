// A campaign in words, as the Campaigns page's table shows it.
import type { Campaign, CampaignTargets } from "../../machines/campaigns/campaignDraft";
import type { StaffMember } from "../../machines/campaigns/campaigns.machine";
import type { Practice } from "../../machines/members/members.filters";
import { formatDate } from "../../lib/format";

/** "MCNA · HOU1, HOU2 · Recare No Future Appointment · search "reed"", or every member. */
export function targetsText(targets: CampaignTargets, practices: readonly Practice[]): string {
  const practiceNames = (targets.practice ?? "")
    .split(",")
    .filter(Boolean)
    .map((id) => practices.find((practice) => practice.id === Number(id))?.practiceabbr ?? `#${id}`);
  const parts = [
    targets.company?.toUpperCase().replaceAll(",", ", "),
    targets.region ? `region ${targets.region}` : undefined,
    practiceNames.length ? practiceNames.join(", ") : undefined,
    targets.status?.replaceAll(",", ", "),
    targets.priority ? `priority ${targets.priority}` : undefined,
    targets.result === undefined ? undefined : `result ${targets.result === "" ? "Blank" : targets.result}`,
    targets.mco ? `MCO ${targets.mco}` : undefined,
    targets.dentistFirstName ? `Dr ${targets.dentistFirstName}` : undefined,
    targets.search ? `search “${targets.search}”` : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Every member";
}

export function agentNames(agents: readonly number[], staff: readonly StaffMember[]): string {
  if (agents.length === 0) return "None assigned";
  return agents
    .map((id) => staff.find((member) => member.id === id))
    .map((member, index) => (member ? `${member.firstname} ${member.lastname}` : `#${agents[index]}`))
    .join(", ");
}

/** "11/23/2026 – 12/21/2026", and its calling hours ("09:00–17:00") when it has its own. */
export function whenText(campaign: Campaign): { days: string; hours?: string } {
  const days = `${formatDate(campaign.startsOn)} – ${formatDate(campaign.endsOn)}`;
  return campaign.hours ? { days, hours: `${campaign.hours.from}–${campaign.hours.to}` } : { days };
}
