// The live board's machine with its effects: its calls and event stream (liveBoard.actors.ts) and
// the browser's full screen for the wallboard, which Escape leaves (the browser leaves full screen
// on Escape itself; where it refused full screen, the key leaves the wallboard).
import { fromCallback } from "xstate";
import type { ApiClient } from "../api/client";
import { liveBoardMachine, type LiveBoardEvent } from "../machines/liveBoard/liveBoard.machine";
import { createLiveBoardActors } from "../machines/liveBoard/liveBoard.actors";

const watchWallboard = fromCallback<LiveBoardEvent>(({ sendBack }) => {
  const exited = () => sendBack({ type: "board.wallboard.exited" });
  const onFullScreenChange = () => document.fullscreenElement || exited();
  const onKey = (event: KeyboardEvent) => event.key === "Escape" && exited();
  document.addEventListener("fullscreenchange", onFullScreenChange);
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("fullscreenchange", onFullScreenChange);
    document.removeEventListener("keydown", onKey);
  };
});

export function createLiveBoard(api: ApiClient, baseUrl: string) {
  return liveBoardMachine.provide({
    actors: { ...createLiveBoardActors(api, baseUrl), watchWallboard },
    actions: {
      // Refused (no user gesture, an embedding page): the wallboard still fills the window.
      enterFullScreen: () => void document.documentElement.requestFullscreen?.().catch(() => {}),
      leaveFullScreen: () => void (document.fullscreenElement ? document.exitFullscreen().catch(() => {}) : undefined),
    },
  });
}
