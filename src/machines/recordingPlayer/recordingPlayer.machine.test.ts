import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import { PLAYER_LINK_REUSE_MS, PLAYER_START_TIMEOUT_MS } from "../../lib/constants";
import type { AudioCommand, AudioReport } from "./audioOutput";
import { recordingPlayerMachine, type PlayableRecording } from "./recordingPlayer.machine";
import { clockOf, selectClock, selectPlayerFailure, selectPlayerStatus, selectWillPlay } from "./recordingPlayer.selectors";

const first: PlayableRecording = { id: 1, name: "first.mp3", url: "2026-11-16/SMD/first.mp3" };
const second: PlayableRecording = { id: 2, name: "second.wav", url: "2026-11-16/SMD/second.wav" };

function start(link: (input: { key: string; title: string }) => Promise<string> = async ({ key }) => `https://x.example/file/${key.length}`) {
  const requestLink = vi.fn(link);
  const commands: AudioCommand[] = [];
  let report: (event: AudioReport) => void = () => {};
  const actor = createActor(
    recordingPlayerMachine.provide({
      actors: {
        requestLink: fromPromise(({ input }) => requestLink(input)),
        audioOutput: fromCallback<AudioCommand>(({ sendBack, receive }) => {
          report = sendBack;
          receive((command) => commands.push(command));
        }),
      },
    }),
  ).start();
  const status = () => selectPlayerStatus(actor.getSnapshot());
  const audio = (event: AudioReport) => report(event);
  const sent = (type: AudioCommand["type"]) => commands.filter((command) => command.type === type);
  return { actor, requestLink, commands, status, audio, sent };
}

/** Plays `recording` until the audio says it can play. */
async function playing(player: ReturnType<typeof start>, recording = first) {
  player.actor.send({ type: "player.play", recording });
  await vi.advanceTimersByTimeAsync(0);
  player.audio({ type: "audio.ready", duration: 65 });
}

describe("recording player machine", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is idle until a recording is played, then loads its link, hands it to the audio and plays when the audio can", async () => {
    const player = start();
    expect(player.status()).toBe("idle");
    player.actor.send({ type: "player.play", recording: first });
    expect(player.status()).toBe("loading");
    expect(selectWillPlay(player.actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(player.requestLink).toHaveBeenCalledWith({ key: first.url, title: first.name });
    expect(player.sent("audio.load")).toEqual([{ type: "audio.load", url: `https://x.example/file/${first.url.length}`, at: 0, rate: 1 }]);
    expect(player.status()).toBe("loading");

    player.audio({ type: "audio.ready", duration: 65 });
    expect(player.status()).toBe("playing");
    expect(player.sent("audio.play")).toHaveLength(1);
    player.audio({ type: "audio.time", position: 12.4 });
    expect(selectClock(player.actor.getSnapshot())).toBe("0:12 of 1:05");
  });

  it("pauses and resumes; the end of the audio pauses at the start", async () => {
    const player = start();
    await playing(player);
    player.actor.send({ type: "player.pause" });
    expect(player.status()).toBe("paused");
    expect(player.sent("audio.pause")).toHaveLength(1);
    player.actor.send({ type: "player.resume" });
    expect(player.status()).toBe("playing");
    expect(player.sent("audio.play")).toHaveLength(2);

    player.audio({ type: "audio.ended" });
    expect(player.status()).toBe("paused");
    expect(selectClock(player.actor.getSnapshot())).toBe("0:00 of 1:05");
  });

  it("seeks, then goes on playing, or stays paused when it was paused", async () => {
    const player = start();
    await playing(player);
    player.actor.send({ type: "player.seek", position: 40 });
    expect(player.status()).toBe("seeking");
    expect(player.sent("audio.seek")).toEqual([{ type: "audio.seek", at: 40 }]);
    player.audio({ type: "audio.seeked" });
    expect(player.status()).toBe("playing");

    player.actor.send({ type: "player.pause" });
    player.actor.send({ type: "player.seek", position: 10 });
    player.audio({ type: "audio.seeked" });
    expect(player.status()).toBe("paused");
    expect(selectClock(player.actor.getSnapshot())).toBe("0:10 of 1:05");
  });

  it("changes speed to 1.5× and 2× only, at once and for the next recording", async () => {
    const player = start();
    await playing(player);
    player.actor.send({ type: "player.rate", rate: 1.5 });
    player.actor.send({ type: "player.rate", rate: 3 as never });
    expect(player.sent("audio.rate")).toEqual([{ type: "audio.rate", rate: 1.5 }]);
    expect(player.actor.getSnapshot().context.rate).toBe(1.5);

    await playing(player, second);
    expect(player.sent("audio.load").at(-1)).toMatchObject({ at: 0, rate: 1.5 });
  });

  it("plays one recording at a time: another one unloads the first and starts from its own start", async () => {
    const player = start();
    await playing(player);
    player.audio({ type: "audio.time", position: 30 });
    const unloads = player.sent("audio.unload").length;
    player.actor.send({ type: "player.play", recording: second });
    expect(player.sent("audio.unload")).toHaveLength(unloads + 1);
    expect(player.actor.getSnapshot().context.recording).toEqual(second);
    await vi.advanceTimersByTimeAsync(0);
    expect(player.sent("audio.load").at(-1)).toMatchObject({ at: 0 });
    player.actor.send({ type: "player.close" });
    expect(player.status()).toBe("idle");
    expect(player.actor.getSnapshot().context.recording).toBeNull();
  });

  it("says why when the link is refused, and tries again on resume", async () => {
    const player = start(() => Promise.reject(Object.assign(new Error("The recording no longer exists"), { statusCode: 404 })));
    player.actor.send({ type: "player.play", recording: first });
    await vi.advanceTimersByTimeAsync(0);
    expect(player.status()).toBe("error");
    expect(selectPlayerFailure(player.actor.getSnapshot())).toBe("The recording no longer exists");
    player.actor.send({ type: "player.resume" });
    expect(player.status()).toBe("loading");
    await vi.advanceTimersByTimeAsync(0);
    expect(player.requestLink).toHaveBeenCalledTimes(2);
  });

  it("says why when the audio fails to load or play", async () => {
    const player = start();
    player.actor.send({ type: "player.play", recording: first });
    await vi.advanceTimersByTimeAsync(0);
    player.audio({ type: "audio.failed", message: "This browser cannot play the recording's audio." });
    expect(player.status()).toBe("error");
    expect(selectPlayerFailure(player.actor.getSnapshot())).toBe("This browser cannot play the recording's audio.");
  });

  it("gives up on audio that has not started 15 seconds after its link came: 14,999 ms still loads", async () => {
    const player = start();
    player.actor.send({ type: "player.play", recording: first });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(PLAYER_START_TIMEOUT_MS - 1);
    expect(player.status()).toBe("loading");
    await vi.advanceTimersByTimeAsync(1);
    expect(player.status()).toBe("error");
    expect(selectPlayerFailure(player.actor.getSnapshot())).toMatch(/did not start within 15 seconds/);
  });

  it("resumes on the same link within 4 minutes, and takes a new one at the position reached after that", async () => {
    const player = start();
    await playing(player);
    player.audio({ type: "audio.time", position: 20 });
    player.actor.send({ type: "player.pause" });
    await vi.advanceTimersByTimeAsync(PLAYER_LINK_REUSE_MS - 1);
    player.actor.send({ type: "player.resume" });
    expect(player.status()).toBe("playing");
    expect(player.requestLink).toHaveBeenCalledTimes(1);

    player.actor.send({ type: "player.pause" });
    await vi.advanceTimersByTimeAsync(1);
    player.actor.send({ type: "player.resume" });
    expect(player.status()).toBe("loading");
    await vi.advanceTimersByTimeAsync(0);
    expect(player.requestLink).toHaveBeenCalledTimes(2);
    expect(player.sent("audio.load").at(-1)).toMatchObject({ at: 20 });
    player.audio({ type: "audio.ready", duration: 65 });
    expect(player.status()).toBe("playing");
  });

  it("takes a new link when the audio fails on an old one while playing, rather than failing", async () => {
    const player = start();
    await playing(player);
    player.audio({ type: "audio.time", position: 50 });
    await vi.advanceTimersByTimeAsync(PLAYER_LINK_REUSE_MS);
    player.audio({ type: "audio.failed", message: "The connection dropped." });
    expect(player.status()).toBe("loading");
    await vi.advanceTimersByTimeAsync(0);
    expect(player.sent("audio.load").at(-1)).toMatchObject({ at: 50 });
  });

  it("writes positions as m:ss, and h:mm:ss from an hour", () => {
    expect([clockOf(0), clockOf(9.9), clockOf(65), clockOf(3725), clockOf(Number.NaN)]).toEqual(["0:00", "0:09", "1:05", "1:02:05", "0:00"]);
  });
});
