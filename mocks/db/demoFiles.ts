// The small real files behind generated help items and call recordings (mocks/files/README.md says
// how they were made). `?url` is a path the Vite dev server serves; `?inline` a data URL, in Vite
// and in Vitest alike, so the recordings' audio needs no file system.
import appTourVideo from "../files/help/app-tour.mp4?url";
import membersListGuide from "../files/help/members-list-guide.pdf?url";
import reportsGuide from "../files/help/reports-guide.pdf?url";
import inboundCall from "../files/recordings/inbound-call.mp3?inline";
import newPatientWelcome from "../files/recordings/new-patient-welcome.mp3?inline";
import recareVoicemail from "../files/recordings/recare-voicemail.mp3?inline";

/** Paths on the app's own origin; answers turn them into absolute URLs. */
export const HELP_FILES = { appTourVideo, membersListGuide, reportsGuide } as const;

/** The audio of each demo recording file, as data URLs, by file name. */
export const RECORDING_AUDIO = {
  "inbound-call.mp3": inboundCall,
  "new-patient-welcome.mp3": newPatientWelcome,
  "recare-voicemail.mp3": recareVoicemail,
} as const;

export type RecordingAudioFile = keyof typeof RECORDING_AUDIO;
