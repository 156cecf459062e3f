import type { SnapshotFrom } from "xstate";
import { CALLBACKS_PAGE_SIZE, reassignQuestion, type callbacksAdminMachine } from "./callbacksAdmin.machine";

type Snapshot = SnapshotFrom<typeof callbacksAdminMachine>;

export const selectStatus = (snapshot: Snapshot): "loading" | "ready" | "failed" =>
  snapshot.matches("startFailed") || snapshot.matches("failed") ? "failed" : snapshot.matches({ list: "loading" }) || snapshot.matches("starting") ? "loading" : "ready";
export const selectFilters = (snapshot: Snapshot) => snapshot.context.filters;
export const selectOwners = (snapshot: Snapshot) => snapshot.context.owners;
export const selectPractices = (snapshot: Snapshot) => snapshot.context.practices;
export const selectPage = (snapshot: Snapshot) => snapshot.context.page;
export const selectPageCount = (snapshot: Snapshot) => Math.max(1, Math.ceil(snapshot.context.page.total_count / CALLBACKS_PAGE_SIZE));
export const selectSelected = (snapshot: Snapshot) => snapshot.context.selected;
export const selectTarget = (snapshot: Snapshot) => snapshot.context.target;
export const selectCanReassign = (snapshot: Snapshot) => snapshot.can({ type: "callbacks.reassign" });
export const selectQuestion = (snapshot: Snapshot) => (snapshot.matches("confirming") || snapshot.matches("reassigning") ? reassignQuestion(snapshot.context) : null);
export const selectReassigning = (snapshot: Snapshot) => snapshot.matches("reassigning");
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
