import type { SnapshotFrom } from "xstate";
import type { recordingPlayerMachine } from "./recordingPlayer.machine";

type PlayerSnapshot = SnapshotFrom<typeof recordingPlayerMachine>;
export type PlayerStatus = "idle" | "loading" | "playing" | "paused" | "seeking" | "error";

const STATUSES: readonly PlayerStatus[] = ["loading", "playing", "paused", "seeking", "error"];

export const selectPlayerStatus = (snapshot: PlayerSnapshot): PlayerStatus =>
  STATUSES.find((status) => snapshot.matches({ playback: status })) ?? "idle";
export const selectPlayerRecording = (snapshot: PlayerSnapshot) => snapshot.context.recording;
export const selectPlayerFailure = (snapshot: PlayerSnapshot) => snapshot.context.failure;
export const selectPlaybackRate = (snapshot: PlayerSnapshot) => snapshot.context.rate;
export const selectPosition = (snapshot: PlayerSnapshot) => snapshot.context.position;
/** Seconds; 0 until the audio says (the position slider then spans nothing). */
export const selectDuration = (snapshot: PlayerSnapshot) => snapshot.context.duration ?? 0;
/** Whether the button beside the position pauses (the audio plays or will) rather than plays. */
export const selectWillPlay = (snapshot: PlayerSnapshot) => {
  const status = selectPlayerStatus(snapshot);
  return status === "playing" || (status !== "paused" && status !== "error" && snapshot.context.playWhenReady);
};

/** Seconds as m:ss (h:mm:ss from an hour). */
export function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** "0:12 of 1:05", or the position alone while the length is unknown. */
export const selectClock = (snapshot: PlayerSnapshot) => {
  const { position, duration } = snapshot.context;
  return duration === null ? clockOf(position) : `${clockOf(position)} of ${clockOf(duration)}`;
};
