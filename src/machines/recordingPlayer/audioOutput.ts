// What the player and its audio output say to each other: the commands the player sends, and what
// the audio reports back. The output is a callback actor (src/app gives an HTMLAudioElement's,
// recordingPlayer.actors.ts; tests a stand-in).
import { fromCallback } from "xstate";
import type { PlaybackRate } from "../../lib/constants";

export type AudioCommand =
  | { type: "audio.load"; url: string; at: number; rate: PlaybackRate }
  | { type: "audio.play" }
  | { type: "audio.pause" }
  | { type: "audio.seek"; at: number }
  | { type: "audio.rate"; rate: PlaybackRate }
  | { type: "audio.unload" };

export type AudioReport =
  /** The loaded audio can play; its length in seconds. */
  | { type: "audio.ready"; duration: number }
  /** The position moved (seconds). */
  | { type: "audio.time"; position: number }
  | { type: "audio.seeked" }
  | { type: "audio.ended" }
  /** Loading or playing failed, and why, in words. */
  | { type: "audio.failed"; message: string };

export const audioOutputNotProvided = fromCallback<AudioCommand>(() => {
  throw new Error("audioOutput is not provided");
});
