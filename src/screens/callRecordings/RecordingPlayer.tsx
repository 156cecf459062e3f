// The inline player of Call Recordings: the recording playing (one at a time), play and pause, its
// position (a slider: arrow keys move it a second, Page Up and Page Down ten), the speed (1×, 1.5×,
// 2×) and Close; why it failed, with Try again. Every control is a native button or slider, so the
// keyboard reaches and works each one.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { PLAYBACK_RATES } from "../../lib/constants";
import type { recordingPlayerMachine } from "../../machines/recordingPlayer/recordingPlayer.machine";
import * as player from "../../machines/recordingPlayer/recordingPlayer.selectors";

export type PlayerActor = ActorRefFrom<typeof recordingPlayerMachine>;

const STATUS_TEXT: Record<player.PlayerStatus, string> = {
  idle: "",
  loading: "Loading…",
  playing: "Playing",
  paused: "Paused",
  seeking: "Seeking…",
  error: "Could not play",
};

export function RecordingPlayer({ actor }: { actor: PlayerActor }) {
  const recording = useSelector(actor, player.selectPlayerRecording);
  const status = useSelector(actor, player.selectPlayerStatus);
  const failure = useSelector(actor, player.selectPlayerFailure);
  const willPlay = useSelector(actor, player.selectWillPlay);
  if (!recording) return null;
  return (
    <section className="recording-player" aria-label={`Player: ${recording.name}`}>
      <p className="recording-player__title">
        <span className="recording-player__name">{recording.name}</span>{" "}
        <span role="status" className="recording-player__status">
          {STATUS_TEXT[status]}
        </span>
      </p>
      {status === "error" ? (
        <div role="alert" className="alert alert--error recording-player__failure">
          <p className="alert__message">{failure}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "player.resume" })}>
            Try again
          </button>
        </div>
      ) : null}
      <div className="recording-player__controls">
        <button
          type="button"
          className="button button--primary recording-player__toggle"
          disabled={status === "error"}
          onClick={() => actor.send({ type: willPlay ? "player.pause" : "player.resume" })}
        >
          {willPlay ? "Pause" : "Play"}
        </button>
        <PlayerPosition actor={actor} />
        <PlayerSpeed actor={actor} />
        <button type="button" className="button" onClick={() => actor.send({ type: "player.close" })}>
          Close player
        </button>
      </div>
    </section>
  );
}

function PlayerPosition({ actor }: { actor: PlayerActor }) {
  const position = useSelector(actor, player.selectPosition);
  const duration = useSelector(actor, player.selectDuration);
  const clock = useSelector(actor, player.selectClock);
  return (
    <label className="recording-player__position">
      <span className="visually-hidden">Position</span>
      <input
        type="range"
        min={0}
        max={Math.max(duration, 0)}
        step={1}
        value={Math.min(position, duration)}
        disabled={duration === 0}
        aria-valuetext={clock}
        onChange={(event) => actor.send({ type: "player.seek", position: Number(event.target.value) })}
      />
      <span className="recording-player__clock" aria-hidden="true">
        {clock}
      </span>
    </label>
  );
}

function PlayerSpeed({ actor }: { actor: PlayerActor }) {
  const rate = useSelector(actor, player.selectPlaybackRate);
  return (
    <div role="group" aria-label="Speed" className="recording-player__speed">
      {PLAYBACK_RATES.map((option) => (
        <button key={option} type="button" className="button" aria-pressed={rate === option} onClick={() => actor.send({ type: "player.rate", rate: option })}>
          {option}×
        </button>
      ))}
    </div>
  );
}
