import type { SnapshotFrom } from "xstate";
import { compareText } from "../../../domain/order.ts";
import type { practicesAdminMachine } from "./practicesAdmin.machine";

type PracticesAdminSnapshot = SnapshotFrom<typeof practicesAdminMachine>;

export const selectLoading = (s: PracticesAdminSnapshot) => s.matches("loading");
export const selectLoadFailed = (s: PracticesAdminSnapshot) => s.matches("loadFailed");
export const selectReady = (s: PracticesAdminSnapshot) => s.matches("ready");
export const selectCanChange = (s: PracticesAdminSnapshot) => s.matches({ ready: "browsing" });
export const selectFailure = (s: PracticesAdminSnapshot) => s.context.failure;
export const selectNotice = (s: PracticesAdminSnapshot) => s.context.notice;

/** Practices by abbreviation, ties by id, as every list of practices. */
export const selectPractices = (s: PracticesAdminSnapshot) =>
  [...s.context.practices].sort((a, b) => compareText(a.practiceabbr, b.practiceabbr) || a.id - b.id);

/** The regions with their names, each counting the practices the screen holds now. */
export const selectRegions = (s: PracticesAdminSnapshot) =>
  s.context.regions.map((region) => ({ ...region, practices: s.context.practices.filter((practice) => practice.region === region.name).length }));

export const selectDraft = (s: PracticesAdminSnapshot) => (s.matches({ ready: "editing" }) || s.matches({ ready: "saving" }) ? s.context.draft : null);
export const selectSaving = (s: PracticesAdminSnapshot) => s.matches({ ready: "saving" }) || s.matches({ ready: "savingRegion" });
/** The region whose removal is asked about, and whether it is under way. */
export const selectRemoving = (s: PracticesAdminSnapshot) => (s.matches({ ready: "confirmingRemoval" }) || s.matches({ ready: "removingRegion" }) ? s.context.removing : null);
export const selectRemovalRunning = (s: PracticesAdminSnapshot) => s.matches({ ready: "removingRegion" });
/** A refusal of a removal is the screen's: no form is open. */
export const selectScreenFailure = (s: PracticesAdminSnapshot) => (s.matches({ ready: "browsing" }) ? s.context.failure : null);
export const selectCanSave = (s: PracticesAdminSnapshot) => s.can({ type: "practices.save" });
export const selectRegionDraft = (s: PracticesAdminSnapshot) =>
  s.matches({ ready: "renaming" }) || s.matches({ ready: "savingRegion" }) ? s.context.regionDraft : null;
export const selectCanSaveRegion = (s: PracticesAdminSnapshot) => s.can({ type: "regions.save" });
/** A refusal belongs to the form that caused it. */
export const selectFormFailure = (s: PracticesAdminSnapshot) => (s.context.draft || s.context.regionDraft ? s.context.failure : null);
