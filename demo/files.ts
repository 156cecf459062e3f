// The demo's real files (demo/files/, README there says how they were made): help videos and PDFs,
// served by both backends under /api/files/help/<name> (the server from its help folder, the fake
// backend through the Vite dev server), and the audio behind every call recording.
import type { DemoAudioFile } from "./records.ts";

/** Where the app's origin serves the help files. */
export const HELP_FILES_PATH = "/api/files/help/";

/** The help files' names. */
export const HELP_FILES = {
  appTourVideo: "app-tour.mp4",
  membersListGuide: "members-list-guide.pdf",
  reportsGuide: "reports-guide.pdf",
} as const;

export type HelpFile = keyof typeof HELP_FILES;

/** The link a help item stores for a help file: a path on the app's own origin. */
export const helpFileLink = (file: HelpFile) => `${HELP_FILES_PATH}${HELP_FILES[file]}`;

export const DEMO_AUDIO_FILES: readonly DemoAudioFile[] = ["inbound-call.mp3", "new-patient-welcome.mp3", "recare-voicemail.mp3"];
