// The player's effects: a recording's signed link from the API client, and the audio output, an
// HTMLAudioElement of its own (not in the page: the player's controls are the screen's buttons and
// slider, which send the machine's events). The element asks the link for Range requests as it
// plays and seeks.
import { fromCallback } from "xstate";
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { AudioCommand, AudioReport } from "./audioOutput";

/** MediaError codes (HTML) in words. */
const MEDIA_ERRORS: Record<number, string> = {
  1: "Playing was stopped before the audio loaded.",
  2: "The audio stopped loading: the connection dropped.",
  3: "The recording's audio is damaged and cannot be decoded.",
  4: "The recording could not be opened: its link has expired or this browser cannot play its format.",
};

export function createRecordingPlayerActors(api: ApiClient, makeAudio: () => HTMLAudioElement = () => new Audio()) {
  return {
    requestLink: fromApiCall(async (query: { key: string; title: string }, signal) => {
      const { data } = await unwrap(api.GET("/call-recordings/downloadCallRecording", { params: { query }, signal }));
      return data;
    }),
    audioOutput: fromCallback<AudioCommand>(({ sendBack, receive }) => {
      const audio = makeAudio();
      audio.preload = "auto";
      const report = (event: AudioReport) => sendBack(event);
      const failed = (error: unknown) => report({ type: "audio.failed", message: error instanceof Error ? error.message : String(error) });
      const listeners: [string, () => void][] = [
        ["canplay", () => report({ type: "audio.ready", duration: audio.duration })],
        ["timeupdate", () => report({ type: "audio.time", position: audio.currentTime })],
        ["seeked", () => report({ type: "audio.seeked" })],
        ["ended", () => report({ type: "audio.ended" })],
        ["error", () => report({ type: "audio.failed", message: MEDIA_ERRORS[audio.error?.code ?? 0] ?? "The audio could not be played." })],
      ];
      for (const [name, listener] of listeners) audio.addEventListener(name, listener);
      receive((command) => {
        switch (command.type) {
          case "audio.load":
            // Setting `src` starts loading; a position set before the audio is known is where it starts.
            audio.src = command.url;
            audio.defaultPlaybackRate = command.rate;
            audio.playbackRate = command.rate;
            audio.currentTime = command.at;
            return;
          case "audio.play":
            audio.play().catch((error: unknown) => {
              // A pause or a new load interrupts play(): not a failure of the audio.
              if (!(error instanceof DOMException && error.name === "AbortError")) failed(error);
            });
            return;
          case "audio.pause":
            audio.pause();
            return;
          case "audio.seek":
            audio.currentTime = command.at;
            return;
          case "audio.rate":
            audio.defaultPlaybackRate = command.rate;
            audio.playbackRate = command.rate;
            return;
          case "audio.unload":
            audio.pause();
            audio.removeAttribute("src");
            audio.load();
            return;
        }
      });
      return () => {
        for (const [name, listener] of listeners) audio.removeEventListener(name, listener);
        audio.pause();
        audio.removeAttribute("src");
      };
    }),
  };
}
