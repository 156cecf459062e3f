import type { SnapshotFrom } from "xstate";
import type { campaignsMachine, CampaignStep } from "./campaigns.machine";
import type { campaignEditorMachine, CampaignEditorActor } from "./campaignEditor.machine";
import type { Campaign } from "./campaignDraft";
import { practicesOfBrand, mcoOptions } from "../members/members.filters";

type PageSnapshot = SnapshotFrom<typeof campaignsMachine>;
type EditorSnapshot = SnapshotFrom<typeof campaignEditorMachine>;

export const selectLoading = (s: PageSnapshot) => s.matches("loading");
export const selectLoadFailed = (s: PageSnapshot) => s.matches("loadFailed");
export const selectReady = (s: PageSnapshot) => s.matches("ready");
export const selectCampaigns = (s: PageSnapshot) => s.context.campaigns;
export const selectNotice = (s: PageSnapshot) => s.context.notice;
/** A refusal of the page's own steps (the editor shows its own, on its fields). */
export const selectFailure = (s: PageSnapshot) => (s.matches({ ready: "naming" }) ? null : s.context.failure);
export const selectCanChange = (s: PageSnapshot) => s.matches({ ready: "browsing" });
export const selectStaff = (s: PageSnapshot) => s.context.staff;
/** The agents a campaign may be given: enabled staff. */
export const selectAssignable = (s: PageSnapshot) => s.context.staff.filter((member) => !member.disabled);
export const selectPractices = (s: PageSnapshot) => s.context.practices;
export const selectDentists = (s: PageSnapshot) => s.context.dentists;
/** The regions of the practices, for the targets' region control. */
export const selectRegions = (s: PageSnapshot) => [...new Set(s.context.practices.map((practice) => practice.region))].sort();

/** The open editor, while a campaign is added or changed. */
export const selectEditor = (s: PageSnapshot) => (s.matches({ ready: "editing" }) ? (s.children.editor as CampaignEditorActor | undefined) ?? null : null);

/** The copy being named, with the failure of the last try. */
export const selectCloning = (s: PageSnapshot) =>
  s.matches({ ready: "naming" }) || s.matches({ ready: "cloning" }) ? { ...s.context.cloning!, busy: s.matches({ ready: "cloning" }), failure: s.context.failure } : null;
export const selectFinishAsked = (s: PageSnapshot) =>
  s.matches({ ready: "confirmingFinish" }) ? (s.context.campaigns.find((campaign) => campaign.id === s.context.stepping?.id) ?? null) : null;
/** The campaign whose step is being written: its buttons wait. */
export const selectBusyId = (s: PageSnapshot) => (s.matches({ ready: "stepping" }) ? (s.context.stepping?.id ?? null) : null);

/** The steps a campaign's state allows, as buttons (domain/campaigns/campaignRules.ts). */
export const stepsOf = (campaign: Campaign): { step: CampaignStep; label: string }[] => {
  switch (campaign.state) {
    case "draft":
      return [{ step: "resume", label: "Start" }, { step: "finish", label: "Finish" }];
    case "active":
      return [{ step: "pause", label: "Pause" }, { step: "finish", label: "Finish" }];
    case "paused":
      return [{ step: "resume", label: "Resume" }, { step: "finish", label: "Finish" }];
    case "finished":
      return [];
  }
};
export const canEdit = (campaign: Campaign) => campaign.state !== "finished";

export const selectDraft = (s: EditorSnapshot) => s.context.draft;
export const selectSaving = (s: EditorSnapshot) => s.matches({ open: { form: "saving" } }) || s.matches("saved");
export const selectCanSave = (s: EditorSnapshot) => s.can({ type: "editor.save" });
export const selectEditorFailure = (s: EditorSnapshot) => s.context.failure;
/** What the server said of each field it named. */
export const selectFieldProblems = (s: EditorSnapshot): Record<string, string> => {
  const failure = s.context.failure;
  if (!failure) return {};
  return Object.fromEntries(failure.fields.map((field, index) => [field.split(".")[0]!, failure.problems[index] ?? failure.message]));
};
/** The live count of the targets: counting, counted (with the server's warning when they match nobody), or unknown. */
export const selectTargetCount = (s: EditorSnapshot) => ({
  state: s.matches({ open: { count: "counted" } }) ? ("counted" as const) : s.matches({ open: { count: "failed" } }) ? ("failed" as const) : ("counting" as const),
  count: s.context.count?.count ?? null,
  warning: s.context.count?.warning ?? null,
});
/** The practices and MCOs the targets' brand offers, as the members list narrows them. */
export const practicesForBrand = (practices: Parameters<typeof practicesOfBrand>[0], brand: string) => practicesOfBrand(practices, brand);
export const mcosForBrand = (brand: string) => mcoOptions(brand);
