import type { SnapshotFrom } from "xstate";
import type { campaignPanelMachine } from "./campaignPanel.machine";

type PanelSnapshot = SnapshotFrom<typeof campaignPanelMachine>;

/** The campaign the member on screen was served for, with its script; null outside campaigns. */
export const selectCurrentCampaign = (s: PanelSnapshot) => s.context.current;
export const selectScriptOpen = (s: PanelSnapshot) => s.context.scriptOpen;
/** The agent's campaigns Next serves from now (active ones); none: Next works the list's filters. */
export const selectActiveCampaigns = (s: PanelSnapshot) => s.context.campaigns.filter((campaign) => campaign.state === "active");
export const selectCampaignsFailed = (s: PanelSnapshot) => s.matches({ campaigns: "failed" });
/** The name of a campaign the reader may read; undefined until the campaigns are read, or for one they may not. */
export const selectCampaignName = (id: number) => (s: PanelSnapshot) => s.context.names[id];
/** The name of an agent the reader's campaigns' progress counts; undefined until read, or for one it does not name. */
export const selectAgentName = (id: number) => (s: PanelSnapshot) => s.context.agentNames[id];
