import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { shellMachine } from "./shell.machine";
import { selectElapsedSeconds, selectLoaderVisible, selectSidebarOpen } from "./shell.selectors";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("shell machine: sidebar", () => {
  it("starts open and closes after the 500 ms animation", () => {
    const actor = createActor(shellMachine).start();
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(true);

    actor.send({ type: "sidebar.toggle" });
    vi.advanceTimersByTime(499);
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: "closing" });
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: "closed" });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(false);
  });

  it("reopens after 500 ms, and a toggle mid-animation turns it back", () => {
    const actor = createActor(shellMachine).start();
    actor.send({ type: "sidebar.toggle" });
    vi.advanceTimersByTime(500);
    actor.send({ type: "sidebar.toggle" });
    vi.advanceTimersByTime(200);
    actor.send({ type: "sidebar.toggle" });
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: "closing" });
    vi.advanceTimersByTime(500);
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: "closed" });
  });
});

describe("shell machine: loader", () => {
  it("counts the seconds it shows, and hides when the last load ends", () => {
    const actor = createActor(shellMachine).start();
    actor.send({ type: "loader.show" });
    actor.send({ type: "loader.show" });
    vi.advanceTimersByTime(999);
    expect(selectElapsedSeconds(actor.getSnapshot())).toBe(0);
    vi.advanceTimersByTime(1);
    expect(selectElapsedSeconds(actor.getSnapshot())).toBe(1);
    vi.advanceTimersByTime(64_000);
    expect(selectElapsedSeconds(actor.getSnapshot())).toBe(65);

    actor.send({ type: "loader.hide" });
    expect(selectLoaderVisible(actor.getSnapshot())).toBe(true);
    actor.send({ type: "loader.hide" });
    expect(selectLoaderVisible(actor.getSnapshot())).toBe(false);
    expect(selectElapsedSeconds(actor.getSnapshot())).toBe(0);
  });
});
