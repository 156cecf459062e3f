import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setupFakeBackend, type DemoUser } from "../../../tests/fakeBackend";
import { addCampaign } from "../../../tests/support/fakeCampaign";
import { useActorRef } from "@xstate/react";
import { LiveBoardScreen } from "./LiveBoardScreen";

const backend = setupFakeBackend();
const admin = () => backend.db.users.find((user) => user.isAdmin)!;
const named = (firstname: string) => backend.db.users.find((user) => user.firstname === firstname)!;

async function openBoard(user: DemoUser = admin()) {
  const services = await backend.signIn(user);
  // The screen's actor as src/app makes it: started with the screen, stopped when it goes.
  function Board() {
    return <LiveBoardScreen actor={useActorRef(services.liveBoard)} />;
  }
  render(<Board />);
  return userEvent.setup();
}

/** An agent signed in through the API, calling it as their browser would. */
async function agentAtWork(user: DemoUser) {
  const signIn = await fetch("http://localhost/api/sessions/login?jwt=1", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password: backend.db.passwords.get(user.email) }),
  });
  const token = ((await signIn.json()) as { accessToken: string }).accessToken;
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`http://localhost/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { call };
}

const rowOf = async (name: string) => (await screen.findByRole("button", { name })).closest("tr")!;

describe("Live Board screen", () => {
  it("lists the agents signed in today with their state, its time, today's counts and a totals row", async () => {
    await openBoard();
    const marcus = await rowOf("Marcus Reed");
    const cells = within(marcus).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent(/^(Ready|Working|On call|Wrap-up overdue|Idle|Offline)$/);
    // As people read a time: 07:05, 1:07:05, or the time the state began (BoardTable.test.tsx).
    expect(within(marcus).getByRole("timer")).toHaveTextContent(/^([0-5]\d:[0-5]\d|\d:[0-5]\d:[0-5]\d|since 1?\d:[0-5]\d\s[AP]M)$/);
    const totals = screen.getAllByRole("row").at(-1)!;
    expect(within(totals).getByRole("rowheader")).toHaveTextContent(/^Totals · \d+ agents$/);
    // The demo world books callbacks for its agents: some due today, some overdue.
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent?.replace(/[▲▼↕]/g, ""));
    expect(headers.slice(-2)).toEqual(["Callbacks due", "Overdue"]);
    const [due, overdue] = within(totals).getAllByRole("cell").slice(-2).map((cell) => Number(cell.textContent));
    expect(due! + overdue!).toBeGreaterThan(0);
    // The board's day as the app writes dates.
    expect(screen.getByRole("status")).toHaveTextContent(/^\d\d\/\d\d\/\d{4} · Live$/);
  });

  it("shows an agent's claim within moments, without a reload, and their day's results on a click", async () => {
    const user = await openBoard();
    await rowOf("Priya Natarajan");
    const priya = await agentAtWork(named("Priya"));
    const member = backend.db.members.find((candidate) => candidate.Result === "")!;
    expect((await priya.call("POST", "/Members/claims", { memberId: member.id })).status).toBe(200);
    await waitFor(async () => expect(within(await rowOf("Priya Natarajan")).getAllByRole("cell")[0]).toHaveTextContent("Working"));
    expect(within(await rowOf("Priya Natarajan")).getByText(new RegExp(`^${member.Last_Name}, ${member.First_Name}`))).toBeInTheDocument();

    const saved = await priya.call("POST", "/Members/saveResult", { sid: member.Subscriber_ID, patnum: member.PatNum, practice: member.practiceId, Result: "Appointment Made", addLocation: "callCenter" });
    expect(saved.status).toBe(201);
    await waitFor(async () => expect(within(await rowOf("Priya Natarajan")).getAllByRole("cell")[0]).toHaveTextContent("Ready"));

    await user.click(screen.getByRole("button", { name: "Priya Natarajan" }));
    const dialog = await screen.findByRole("dialog", { name: "Priya Natarajan today" });
    const link = await within(dialog).findByRole("link", { name: new RegExp(`^${member.Last_Name}, `) });
    expect(link.getAttribute("href")).toContain(`search=${member.Subscriber_ID}`);
    expect(within(link.closest("tr")!).getByRole("cell", { name: "Appointment Made" })).toBeInTheDocument();
    const recordings = within(dialog).getByRole("link", { name: "Call recordings of Priya Natarajan" });
    expect(recordings).toHaveAttribute("href", `/call-recordings?${new URLSearchParams({ agent: named("Priya").email, of: "Priya Natarajan" })}`);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  }, 30_000);

  it("shows the campaign each agent works, and narrows the board to the agents of the campaign chosen", async () => {
    const priya = named("Priya");
    const { id } = addCampaign(backend.db, { name: "Board screen recare", agents: [priya.id], changedBy: admin().id });
    const member = backend.db.members.find((candidate) => candidate.Result === "")!;
    backend.db.callStarts.push({ id: Math.max(0, ...backend.db.callStarts.map((start) => start.id)) + 1, memberId: member.id, userId: priya.id, startedAt: backend.db.now().toISOString(), campaignId: id });
    const user = await openBoard();
    const campaignCell = (row: HTMLElement) => within(row).getAllByRole("cell")[3];
    expect(campaignCell(await rowOf("Priya Natarajan"))).toHaveTextContent("Board screen recare");
    expect(screen.getByRole("columnheader", { name: /Campaign/ })).toBeInTheDocument();

    await user.selectOptions(await screen.findByRole("combobox", { name: "Campaign" }), "Board screen recare");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Marcus Reed" })).not.toBeInTheDocument());
    expect(await rowOf("Priya Natarajan")).toBeInTheDocument();
    expect(within(screen.getAllByRole("row").at(-1)!).getByRole("rowheader")).toHaveTextContent("Totals · 1 agent");
    await user.selectOptions(screen.getByRole("combobox", { name: "Campaign" }), "All agents");
    expect(await rowOf("Marcus Reed")).toBeInTheDocument();
  });

  it("sorts by a column, and the other way on a second click", async () => {
    const user = await openBoard();
    await rowOf("Marcus Reed");
    const header = screen.getByRole("columnheader", { name: /Calls/ });
    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "ascending");
    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "descending");
  });

  it("goes to the wallboard and back, also with Escape", async () => {
    const user = await openBoard();
    await rowOf("Marcus Reed");
    await user.click(screen.getByRole("button", { name: "Wallboard" }));
    expect(screen.getByRole("button", { name: "Leave wallboard (Esc)" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(await screen.findByRole("button", { name: "Wallboard" })).toBeInTheDocument();
  });

  it("says when nobody has signed in today", async () => {
    backend.db.signIns.splice(0);
    const today = backend.db.now().toISOString().slice(0, 10);
    for (const list of [backend.db.results, backend.db.callStarts]) {
      const kept = list.filter((record) => !("createdAt" in record ? record.createdAt : record.startedAt).startsWith(today));
      list.splice(0, Infinity, ...(kept as never[]));
    }
    await openBoard();
    expect(await screen.findByText("Nobody has signed in today yet.")).toBeInTheDocument();
  });

  it("says why the board is not there for other staff", async () => {
    await openBoard(named("Marcus"));
    expect(await screen.findByRole("alert")).toHaveTextContent("The live board could not be loaded: This call is for administrators only.");
  });
});
