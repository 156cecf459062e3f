// The recordings' inline player: one recording at a time, with its position and a speed of 1×,
// 1.5× or 2×. Playing asks for the recording's signed link (downloadCallRecording, valid 5
// minutes), hands it to the audio output and plays once the audio can play. The link is kept while
// fresh; a link that has grown old is replaced before the player resumes or seeks (or when the
// audio stops for want of it), at the position it had reached. The audio output is an invoked
// callback actor provided by src/app (an HTMLAudioElement): it takes commands and reports what the
// audio does.
import { assign, raise, sendTo, setup, stateIn } from "xstate";
import { notProvided } from "../notProvided";
import { toFailure } from "../../api/errors";
import { PLAYBACK_RATES, PLAYER_LINK_REUSE_MS, PLAYER_START_TIMEOUT_MS, type PlaybackRate } from "../../lib/constants";
import { audioOutputNotProvided, type AudioCommand, type AudioReport } from "./audioOutput";

/** What the player needs of a recording (a row of the directory). */
export interface PlayableRecording {
  id: number;
  /** The file name: the player's label, and the link's `title`. */
  name: string;
  /** The directory's key of the recording (its `url`). */
  url: string;
}

export interface RecordingPlayerContext {
  recording: PlayableRecording | null;
  link: string | null;
  /** Seconds from the start. */
  position: number;
  /** Seconds; null until the audio says. */
  duration: number | null;
  rate: PlaybackRate;
  /** Play as soon as the audio can (not after a seek while paused). */
  playWhenReady: boolean;
  failure: string | null;
}

export type RecordingPlayerEvent =
  | { type: "player.play"; recording: PlayableRecording }
  | { type: "player.pause" }
  | { type: "player.resume" }
  | { type: "player.seek"; position: number }
  | { type: "player.rate"; rate: PlaybackRate }
  | { type: "player.close" }
  | AudioReport
  /** Raised when a new link arrives: it is fresh for a while. */
  | { type: "link.issued" };

const LINK_FAILED = "The recording's link could not be made.";
const DID_NOT_START = "The audio did not start within 15 seconds: the connection may be too slow.";

const fresh = (recording: PlayableRecording) => ({ recording, link: null, position: 0, duration: null, playWhenReady: true, failure: null });

export const recordingPlayerMachine = setup({
  types: {
    context: {} as RecordingPlayerContext,
    events: {} as RecordingPlayerEvent,
  },
  actors: {
    /** The recording's signed link. */
    requestLink: notProvided<string, { key: string; title: string }>("requestLink"),
    audioOutput: audioOutputNotProvided,
  },
  actions: {
    play: sendTo("audio", { type: "audio.play" } satisfies AudioCommand),
    pause: sendTo("audio", { type: "audio.pause" } satisfies AudioCommand),
    unload: sendTo("audio", { type: "audio.unload" } satisfies AudioCommand),
  },
  guards: {
    linkIsStale: stateIn({ link: "stale" }),
    isKnownRate: ({ event }) => event.type === "player.rate" && (PLAYBACK_RATES as readonly number[]).includes(event.rate),
    playWhenReady: ({ context }) => context.playWhenReady,
  },
  delays: {
    linkReuse: PLAYER_LINK_REUSE_MS,
    startTimeout: PLAYER_START_TIMEOUT_MS,
  },
}).createMachine({
  id: "recordingPlayer",
  context: { recording: null, link: null, position: 0, duration: null, rate: 1, playWhenReady: true, failure: null },
  invoke: { id: "audio", src: "audioOutput" },
  type: "parallel",
  on: {
    "player.rate": {
      guard: "isKnownRate",
      actions: [assign({ rate: ({ event }) => event.rate }), sendTo("audio", ({ event }) => ({ type: "audio.rate", rate: event.rate }) satisfies AudioCommand)],
    },
  },
  states: {
    link: {
      initial: "none",
      on: { "player.close": ".none", "player.play": ".none" },
      states: {
        none: { on: { "link.issued": "fresh" } },
        fresh: { after: { linkReuse: "stale" } },
        stale: { on: { "link.issued": "fresh" } },
      },
    },
    playback: {
      initial: "idle",
      on: {
        "audio.time": { actions: assign({ position: ({ event }) => event.position }) },
        "player.play": { target: ".loading", actions: ["unload", assign(({ event }) => fresh(event.recording))] },
        "player.close": { target: ".idle", actions: ["unload", assign({ recording: null, link: null, failure: null })] },
      },
      states: {
        idle: {},
        loading: {
          initial: "link",
          on: { "audio.failed": { target: "error", actions: assign({ failure: ({ event }) => event.message }) } },
          states: {
            link: {
              invoke: {
                src: "requestLink",
                input: ({ context }) => ({ key: context.recording!.url, title: context.recording!.name }),
                onDone: {
                  target: "audio",
                  actions: [
                    assign({ link: ({ event }) => event.output }),
                    raise({ type: "link.issued" }),
                    sendTo("audio", ({ context, event }) => ({ type: "audio.load", url: event.output, at: context.position, rate: context.rate }) satisfies AudioCommand),
                  ],
                },
                onError: { target: "#recordingPlayer.playback.error", actions: assign({ failure: ({ event }) => toFailure(event.error, LINK_FAILED).message }) },
              },
            },
            audio: {
              after: { startTimeout: { target: "#recordingPlayer.playback.error", actions: assign({ failure: DID_NOT_START }) } },
              on: {
                "audio.ready": [
                  { guard: "playWhenReady", target: "#recordingPlayer.playback.playing", actions: [assign({ duration: ({ event }) => event.duration }), "play"] },
                  { target: "#recordingPlayer.playback.paused", actions: assign({ duration: ({ event }) => event.duration }) },
                ],
              },
            },
          },
        },
        playing: {
          on: {
            "audio.ended": { target: "paused", actions: assign({ position: 0 }) },
            "player.pause": { target: "paused", actions: "pause" },
            "player.seek": [
              { guard: "linkIsStale", target: "loading", actions: assign({ position: ({ event }) => event.position, playWhenReady: true }) },
              { target: "seeking", actions: assign({ position: ({ event }) => event.position, playWhenReady: true }) },
            ],
            "audio.failed": [
              // The audio asked an expired link for more: take a new one and go on from here.
              { guard: "linkIsStale", target: "loading", actions: assign({ playWhenReady: true }) },
              { target: "error", actions: assign({ failure: ({ event }) => event.message }) },
            ],
          },
        },
        paused: {
          on: {
            "player.resume": [
              { guard: "linkIsStale", target: "loading", actions: assign({ playWhenReady: true }) },
              { target: "playing", actions: "play" },
            ],
            "player.seek": [
              { guard: "linkIsStale", target: "loading", actions: assign({ position: ({ event }) => event.position, playWhenReady: false }) },
              { target: "seeking", actions: assign({ position: ({ event }) => event.position, playWhenReady: false }) },
            ],
            "audio.failed": { target: "error", actions: assign({ failure: ({ event }) => event.message }) },
          },
        },
        seeking: {
          entry: sendTo("audio", ({ context }) => ({ type: "audio.seek", at: context.position }) satisfies AudioCommand),
          on: {
            "player.seek": { target: "seeking", reenter: true, actions: assign({ position: ({ event }) => event.position }) },
            "player.pause": { actions: ["pause", assign({ playWhenReady: false })] },
            "player.resume": { actions: assign({ playWhenReady: true }) },
            "audio.seeked": [
              { guard: "playWhenReady", target: "playing", actions: "play" },
              { target: "paused" },
            ],
            "audio.failed": { target: "error", actions: assign({ failure: ({ event }) => event.message }) },
          },
        },
        error: {
          on: { "player.resume": { target: "loading", actions: assign({ failure: null, playWhenReady: true }) } },
        },
      },
    },
  },
});
