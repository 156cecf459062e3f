import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { fromCallback } from "xstate";
import type { AudioCommand, AudioReport } from "../../machines/recordingPlayer/audioOutput";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { useActorRef } from "@xstate/react";
import type { RecordingsOf } from "../../machines/callRecordings/callRecordings.machine";
import { CallRecordingsScreen } from "./CallRecordingsScreen";

const recording = {
  id: 7,
  name: "2026-03-05_0930_SMD-AUST.mp3",
  dateFolder: "2026-03-05",
  practice: "SMD-AUST",
  practiceId: 3,
  campaign: "Recare",
  phone: "(512) 555-0134",
  mail: "agent@recalldesk.example",
  size: 48_230,
  url: "recordings/2026-03-05/7",
  recordedAt: "2026-03-05T09:30:00",
  audioRemovedAt: null as string | null,
  memberId: null as number | null,
};

const backend = setupFakeBackend();

/** The directory holds exactly these recordings (each keeps a seeded one's audio file). */
function arrangeRecordings(...shown: (typeof recording)[]) {
  const { recordings } = backend.db;
  const seeded = recordings[0]!;
  recordings.splice(0, Infinity, ...shown.map((visible) => ({ ...seeded, ...visible })));
}

/** jsdom plays no audio: a stand-in output that keeps the player's commands and reports what a test says. */
function standInAudio() {
  const audio = { commands: [] as AudioCommand[], report: (_event: AudioReport) => {} };
  const output = fromCallback<AudioCommand>(({ sendBack, receive }) => {
    audio.report = sendBack;
    receive((command) => audio.commands.push(command));
  });
  return { audio, output };
}

async function renderScreen(input: { of?: RecordingsOf } = {}) {
  const services = await backend.signIn(backend.db.users.find((user) => !user.isAdmin)!);
  const { audio, output } = standInAudio();
  const player = services.recordingPlayer.provide({ actors: { audioOutput: output } });
  // The screen's actors as src/app makes them: started with the screen, stopped when it goes.
  function Screen() {
    return <CallRecordingsScreen actor={useActorRef(services.callRecordings, { input })} player={useActorRef(player)} exporter={useActorRef(services.exportCsv)} />;
  }
  render(<Screen />);
  return { user: userEvent.setup(), services, audio };
}

describe("Call Recordings screen", () => {
  it("lists the recordings with their size in KB with one decimal", async () => {
    arrangeRecordings(recording);
    await renderScreen();
    const table = await screen.findByRole("table", { name: "Call recordings: 1 found" });
    const row = within(table).getByRole("row", { name: /555-0134/ });
    expect(row).toHaveTextContent("03/05/2026 09:30 AM");
    expect(row).toHaveTextContent("47.1 KB");
    expect(within(row).getByRole("button", { name: `Download ${recording.name}` })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Recare (1)" })).toBeInTheDocument();
  });

  it("says so when there are no recordings", async () => {
    arrangeRecordings();
    await renderScreen();
    expect(await screen.findByRole("cell", { name: "No call recordings found." })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Call recordings: 0 found" })).toBeInTheDocument();
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["All campaigns", "15", "50", "100", "1000"]);
  });

  it("shows an empty result, and no alert, when the directory and campaign calls fail", async () => {
    // The fake backend answers every valid directory and campaign call; only an outage fails them.
    backend.server.use(
      http.get("*/api/call-recordings/campaigns", () => HttpResponse.json({ message: "Down", statusCode: 500 }, { status: 500 })),
      http.get("*/api/call-recordings/directoryList", () => HttpResponse.json({ message: "Down", statusCode: 500 }, { status: 500 })),
    );
    const { services } = await renderScreen();
    expect(await screen.findByRole("cell", { name: "No call recordings found." })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Call recordings: 0 found" })).toBeInTheDocument();
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["All campaigns", "15", "50", "100", "1000"]);
    expect(services.auth.getSnapshot().context.alert).toBeNull();
  });

  it("applies the date range only when both dates are picked", async () => {
    const april = {
      ...recording,
      id: 8,
      name: "2026-04-10_1100_SMD-AUST.mp3",
      dateFolder: "2026-04-10",
      url: "recordings/2026-04-10/8",
      recordedAt: "2026-04-10T11:00:00",
    };
    arrangeRecordings(recording, april);
    const { user } = await renderScreen();
    await screen.findByRole("table", { name: "Call recordings: 2 found" });
    await user.click(screen.getByRole("button", { name: /^Date range/ }));
    const calendar = screen.getByRole("group", { name: "Pick the first and the last day" });
    await user.type(within(calendar).getByLabelText("From"), "2026-03-01");
    expect(screen.getByRole("button", { name: "Date range Any date" })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Call recordings: 2 found" })).toBeInTheDocument();
    await user.type(within(calendar).getByLabelText("To"), "2026-03-31");
    expect(await screen.findByRole("button", { name: "Date range 03/01/2026 to 03/31/2026" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Call recordings: 1 found" });
    expect(within(table).getByRole("row", { name: /555-0134/ })).toHaveTextContent("03/05/2026 09:30 AM");
  });

  it("plays a recording in the page on its signed link, pauses it, changes its speed and moves its position", async () => {
    arrangeRecordings(recording);
    const { user, audio } = await renderScreen();
    const table = await screen.findByRole("table", { name: "Call recordings: 1 found" });
    await user.click(within(table).getByRole("button", { name: `Play ${recording.name}` }));
    const player = await screen.findByRole("region", { name: `Player: ${recording.name}` });
    expect(within(player).getByRole("status")).toHaveTextContent("Loading…");
    await waitFor(() => expect(audio.commands.find((command) => command.type === "audio.load")).toBeDefined());
    const load = audio.commands.find((command) => command.type === "audio.load") as Extract<AudioCommand, { type: "audio.load" }>;
    expect(load.url).toMatch(/\/api\/call-recordings\/file\/[A-Za-z0-9._~-]+$/);

    act(() => audio.report({ type: "audio.ready", duration: 65 }));
    expect(within(player).getByRole("status")).toHaveTextContent("Playing");
    expect(within(table).getByRole("button", { name: `Pause ${recording.name}` })).toBeInTheDocument();
    act(() => audio.report({ type: "audio.time", position: 12 }));
    const position = within(player).getByRole("slider", { name: "Position" });
    expect(position).toHaveAttribute("aria-valuetext", "0:12 of 1:05");

    await user.click(within(player).getByRole("button", { name: "1.5×" }));
    expect(within(player).getByRole("button", { name: "1.5×" })).toHaveAttribute("aria-pressed", "true");
    expect(audio.commands).toContainEqual({ type: "audio.rate", rate: 1.5 });

    // jsdom moves no slider by keys (the browser walk does): the change the arrow key makes.
    fireEvent.change(position, { target: { value: "13" } });
    expect(audio.commands).toContainEqual({ type: "audio.seek", at: 13 });
    expect(within(player).getByRole("status")).toHaveTextContent("Seeking…");
    act(() => audio.report({ type: "audio.seeked" }));

    await user.click(within(player).getByRole("button", { name: "Pause" }));
    expect(within(player).getByRole("status")).toHaveTextContent("Paused");
    expect(within(table).getByRole("button", { name: `Play ${recording.name}` })).toBeInTheDocument();
    await user.click(within(player).getByRole("button", { name: "Close player" }));
    expect(screen.queryByRole("region", { name: /^Player/ })).not.toBeInTheDocument();
  });

  it("says why a recording cannot be played: its link refused, or its audio", async () => {
    arrangeRecordings(recording);
    const { user, audio } = await renderScreen();
    const table = await screen.findByRole("table", { name: "Call recordings: 1 found" });
    backend.db.recordings.splice(0, Infinity);
    await user.click(within(table).getByRole("button", { name: `Play ${recording.name}` }));
    const player = await screen.findByRole("region", { name: `Player: ${recording.name}` });
    expect(await within(player).findByRole("alert")).toHaveTextContent("No such recording");

    arrangeRecordings(recording);
    await user.click(within(player).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(audio.commands.some((command) => command.type === "audio.load")).toBe(true));
    act(() => audio.report({ type: "audio.failed", message: "The recording's audio is damaged and cannot be decoded." }));
    expect(within(player).getByRole("alert")).toHaveTextContent("The recording's audio is damaged and cannot be decoded.");
  });

  it("shows Audio removed instead of Download and Play for a recording whose audio retention removed", async () => {
    const removed = { ...recording, id: 6, name: "2026-02-02_1000_SMD-AUST.mp3", phone: "(512) 555-0177", url: "recordings/2026-02-02/6", recordedAt: "2026-02-02T10:00:00", audioRemovedAt: "2026-05-03T02:00:00Z" };
    arrangeRecordings(recording, removed);
    await renderScreen();
    const table = await screen.findByRole("table", { name: "Call recordings: 2 found" });
    const gone = within(table).getByRole("row", { name: /555-0177/ });
    expect(gone).toHaveTextContent("02/02/2026 10:00 AM");
    expect(gone).toHaveTextContent("Audio removed");
    expect(within(gone).queryByRole("button")).not.toBeInTheDocument();
    const kept = within(table).getByRole("row", { name: /555-0134/ });
    expect(kept).not.toHaveTextContent("Audio removed");
    expect(within(kept).getByRole("button", { name: `Download ${recording.name}` })).toBeInTheDocument();
    expect(within(kept).getByRole("button", { name: `Play ${recording.name}` })).toBeInTheDocument();
  });

  it("says the audio was removed when retention removed it after the page was shown", async () => {
    arrangeRecordings(recording);
    const { user } = await renderScreen();
    const table = await screen.findByRole("table", { name: "Call recordings: 1 found" });
    backend.db.recordings[0]!.audioRemovedAt = "2026-05-03T02:00:00Z";
    await user.click(within(table).getByRole("button", { name: `Play ${recording.name}` }));
    const player = await screen.findByRole("region", { name: `Player: ${recording.name}` });
    expect(await within(player).findByRole("alert")).toHaveTextContent("The audio of this recording was removed when its retention period ended.");
  });

  it("opens on exactly one member's recordings, not another's of the same phone, and shows every one when asked", async () => {
    const sameHousehold = { ...recording, id: 8, name: "2026-03-06_1000_SMD-AUST.mp3", url: "recordings/2026-03-06/8", recordedAt: "2026-03-06T10:00:00", memberId: 31 };
    arrangeRecordings({ ...recording, memberId: 30 }, sameHousehold);
    const { user } = await renderScreen({ of: { kind: "member", memberId: 30, label: "Jane Doe" } });
    const table = await screen.findByRole("table", { name: "Call recordings: 1 found" });
    expect(within(table).getByRole("row", { name: /03\/05\/2026/ })).toBeInTheDocument();
    expect(screen.getByText(/^Only the recordings of Jane Doe/)).toHaveTextContent("Only the recordings of Jane Doe Show every recording");
    await user.click(screen.getByRole("button", { name: "Show every recording" }));
    expect(await screen.findByRole("table", { name: "Call recordings: 2 found" })).toBeInTheDocument();
    expect(screen.queryByText(/^Only the recordings of/)).not.toBeInTheDocument();
  });

  it("opens on exactly one agent's recordings, by their whole e-mail", async () => {
    const colleague = { ...recording, id: 8, name: "2026-03-06_1000_SMD-AUST.mp3", url: "recordings/2026-03-06/8", mail: "joagent@recalldesk.example" };
    arrangeRecordings(recording, colleague);
    await renderScreen({ of: { kind: "agent", email: "AGENT@recalldesk.example", label: "Ann Agent" } });
    const table = await screen.findByRole("table", { name: "Call recordings: 1 found" });
    expect(within(table).getByRole("row", { name: /agent@recalldesk.example/ })).not.toHaveTextContent("joagent");
    expect(screen.getByText(/^Only the recordings of Ann Agent/)).toBeInTheDocument();
  });

  it("shows a recording imported while the page is open, without a reload", async () => {
    arrangeRecordings(recording);
    const streamOpen = new Promise<void>((resolve) =>
      backend.server.events.on("response:mocked", ({ request, response }) => {
        if (new URL(request.url).pathname === "/api/events" && response.status === 200) resolve();
      }),
    );
    await renderScreen();
    await screen.findByRole("table", { name: "Call recordings: 1 found" });
    await streamOpen;
    const imported = { ...recording, id: 9, name: "20261116T101500_5125550199.mp3", phone: "(512) 555-0199", url: "2026-11-16/x/9", recordedAt: "2026-11-16T10:15:00" };
    arrangeRecordings(recording, imported);
    backend.db.events.publish({ event: "recordings", data: { added: 1 } });
    const table = await screen.findByRole("table", { name: "Call recordings: 2 found" });
    expect(within(table).getByRole("row", { name: /555-0199/ })).toBeInTheDocument();
    expect(await screen.findByRole("option", { name: "Recare (2)" })).toBeInTheDocument();
  });
});
