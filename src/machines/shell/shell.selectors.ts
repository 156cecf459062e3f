import type { SnapshotFrom } from "xstate";
import type { shellMachine } from "./shell.machine";

type ShellSnapshot = SnapshotFrom<typeof shellMachine>;

/** The sidebar counts as open while it is open or opening (it is drawn during the animation). */
export const selectSidebarOpen = (snapshot: ShellSnapshot) =>
  snapshot.matches({ sidebar: "open" }) || snapshot.matches({ sidebar: "opening" });
export const selectSidebarAnimating = (snapshot: ShellSnapshot) =>
  snapshot.matches({ sidebar: "opening" }) || snapshot.matches({ sidebar: "closing" });
/** Below 1024 px the sidebar covers the page rather than sitting beside it. */
export const selectSidebarOverlay = (snapshot: ShellSnapshot) => snapshot.context.narrow;
export const selectLoaderVisible = (snapshot: ShellSnapshot) => snapshot.matches({ loader: "showing" });
export const selectElapsedSeconds = (snapshot: ShellSnapshot) => snapshot.context.elapsedSeconds;
/** Whether a menu group shows its sub-items. */
export const selectGroupExpanded = (group: string) => (snapshot: ShellSnapshot) => snapshot.context.expandedGroups.includes(group);
/** How old the data on the page is, when a replica answered it more than 5 s behind; null otherwise. */
export const selectOldDataSeconds = (snapshot: ShellSnapshot) => (snapshot.matches({ dataAge: "behind" }) ? snapshot.context.dataAgeSeconds : null);
