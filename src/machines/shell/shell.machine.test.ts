import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { shellMachine } from "./shell.machine";
import { selectElapsedSeconds, selectGroupExpanded, selectLoaderVisible, selectOldDataSeconds, selectSidebarOpen, selectSidebarOverlay } from "./shell.selectors";

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

  it("below 1024 px covers the page: closed when the window narrows, closed again after a page is chosen", () => {
    const actor = createActor(shellMachine).start();
    actor.send({ type: "viewport.change", narrow: true });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(false);
    expect(selectSidebarOverlay(actor.getSnapshot())).toBe(true);

    actor.send({ type: "sidebar.toggle" });
    vi.advanceTimersByTime(500);
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: "menu.page.shown", group: null });
    vi.advanceTimersByTime(499);
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: "closing" });
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: "closed" });
  });

  it("beside the page on a wide window: choosing a page leaves it open, and widening a narrow window opens it", () => {
    const actor = createActor(shellMachine).start();
    actor.send({ type: "menu.page.shown", group: null });
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: "open" });

    actor.send({ type: "viewport.change", narrow: true });
    actor.send({ type: "viewport.change", narrow: false });
    expect(actor.getSnapshot().value).toMatchObject({ sidebar: "open" });
    expect(selectSidebarOverlay(actor.getSnapshot())).toBe(false);
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

describe("shell machine: menu groups", () => {
  const DELETED = "DELETED APPOINTMENTS";
  const MEMBERS = "MEMBERS";
  const expanded = (actor: ReturnType<typeof createActor<typeof shellMachine>>, group: string) =>
    selectGroupExpanded(group)(actor.getSnapshot());

  it("starts with every group closed; a toggle opens a group and the next closes it", () => {
    const actor = createActor(shellMachine).start();
    expect(expanded(actor, DELETED)).toBe(false);
    expect(expanded(actor, MEMBERS)).toBe(false);

    actor.send({ type: "menu.group.toggle", group: DELETED });
    expect(expanded(actor, DELETED)).toBe(true);
    expect(expanded(actor, MEMBERS)).toBe(false);

    actor.send({ type: "menu.group.toggle", group: DELETED });
    expect(expanded(actor, DELETED)).toBe(false);
  });

  it("opens the group of the page shown, and leaves the others as they were", () => {
    const actor = createActor(shellMachine).start();
    actor.send({ type: "menu.group.toggle", group: MEMBERS });
    actor.send({ type: "menu.page.shown", group: DELETED });
    expect(expanded(actor, DELETED)).toBe(true);
    expect(expanded(actor, MEMBERS)).toBe(true);

    // Another page of the same group keeps it open; a page of no group closes nothing.
    actor.send({ type: "menu.page.shown", group: DELETED });
    actor.send({ type: "menu.page.shown", group: null });
    expect(expanded(actor, DELETED)).toBe(true);
    expect(expanded(actor, MEMBERS)).toBe(true);
  });

  it("closes the group of the page shown when the person asks, until one of its pages is shown again", () => {
    const actor = createActor(shellMachine).start();
    actor.send({ type: "menu.page.shown", group: DELETED });
    actor.send({ type: "menu.group.toggle", group: DELETED });
    expect(expanded(actor, DELETED)).toBe(false);

    actor.send({ type: "menu.page.shown", group: null });
    expect(expanded(actor, DELETED)).toBe(false);
    actor.send({ type: "menu.page.shown", group: DELETED });
    expect(expanded(actor, DELETED)).toBe(true);
  });
});

describe("shell machine: how old the data is", () => {
  it("says the age of an answer over 5 s behind, and nothing once an answer is current again", () => {
    const actor = createActor(shellMachine).start();
    expect(selectOldDataSeconds(actor.getSnapshot())).toBeNull();

    actor.send({ type: "data.aged", seconds: 5 });
    expect(selectOldDataSeconds(actor.getSnapshot())).toBeNull();
    actor.send({ type: "data.aged", seconds: 42 });
    expect(selectOldDataSeconds(actor.getSnapshot())).toBe(42);
    actor.send({ type: "data.aged", seconds: 0 });
    expect(selectOldDataSeconds(actor.getSnapshot())).toBeNull();
  });

  it("forgets the age when another page shows: its answers say their own", () => {
    const actor = createActor(shellMachine).start();
    actor.send({ type: "data.aged", seconds: 42 });
    actor.send({ type: "menu.page.shown", group: null });
    expect(selectOldDataSeconds(actor.getSnapshot())).toBeNull();
  });
});
