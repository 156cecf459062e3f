// The Campaigns page's progress on the fake backend, as an administrator sees it: each campaign's
// counts with its agents under it and the pace against its goal; a campaign's days as a chart with
// their numbers and the CSV export; nothing to show without campaigns; a failure said plainly.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { CampaignProgressSection } from "./CampaignProgressSection";

vi.setConfig({ testTimeout: 30_000 });
// The plot is drawn by plotly, which jsdom cannot run; the chart's numbers are its table, drawn by the page.
vi.mock("../../components/chart/PlotlyChart", () => ({ default: () => null }));

const backend = setupFakeBackend();
// Each case arranges the campaigns it shows: the demo world's are set aside, and the case's own
// campaign takes an id none of the demo's saved results carry.
beforeEach(() => void backend.db.campaigns.splice(0));
const HOUSTON = 901;
const admin = () => backend.db.users.find((user) => user.isAdmin)!;
const agent = () => backend.db.users.find((user) => !user.isAdmin)!;

// The fake backend's clock is the demo's reference date, Monday 16 November 2026.
function houston() {
  backend.db.campaigns.push({
    id: HOUSTON,
    name: "Houston",
    description: "",
    script: "",
    targets: { company: "mcna" },
    agents: [agent().id],
    startsOn: "2026-11-14",
    endsOn: "2026-11-30",
    hours: null,
    goalResult: "Appointment Made",
    goalCount: 20,
    goalBy: "2026-11-20",
    attemptCap: null,
    cooldownHours: { noAnswer: null, leftMessage: null },
    position: 0,
    state: "active",
    version: 1,
    changedBy: admin().id,
  });
  const [first, second] = backend.db.members;
  const saved = (memberId: number, Result: "No answer" | "Appointment Made", createdAt: string) =>
    backend.db.results.push({ id: 900_000 + backend.db.results.length, memberId, userId: agent().id, Result, createdAt, campaignId: HOUSTON });
  saved(first!.id, "No answer", "2026-11-15T16:00:00.000Z");
  saved(first!.id, "Appointment Made", "2026-11-16T15:00:00.000Z");
  saved(second!.id, "No answer", "2026-11-16T15:00:00.000Z");
}

async function renderSection() {
  const services = await backend.signIn(admin());
  render(<CampaignProgressSection actor={createActor(services.campaignProgress).start()} exporter={createActor(services.exportCsv).start()} />);
  return userEvent.setup();
}

describe("Campaigns page: progress", () => {
  it("shows each campaign's counts, its agents under it and the pace against its goal; a campaign's days as a chart with a CSV export", async () => {
    houston();
    const user = await renderSection();
    const row = (await screen.findByRole("rowheader", { name: "Houston active" })).closest("tr")!;
    const cells = within(row).getAllByRole("cell").map((cell) => cell.textContent);
    const targeted = String(backend.db.members.filter((member) => member.company === "mcna").length);
    expect(cells.slice(2, 8)).toEqual(["2", "1", "1", "0", "1.5", "1 of 20 by 2026-11-20: needs 4 a day, doing 0.3 · 5 days left"]);
    expect(Number(cells[0]!.replace(/,/g, ""))).toBe(Number(targeted));
    const agentRow = screen.getByRole("rowheader", { name: `Houston, agent ${agent().firstname} ${agent().lastname}` }).closest("tr")!;
    expect(within(agentRow).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["", "2", "1", "1", ""]);

    expect(screen.getByText("Choose Days on a campaign to see its work day by day.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Days of Houston" }));
    expect(await screen.findByRole("heading", { name: "Days of Houston" })).toBeInTheDocument();
    const numbers = await screen.findByRole("table", { name: "Houston: each day: the numbers" });
    const days = within(numbers).getAllByRole("row").slice(1).map((tableRow) => within(tableRow).getAllByRole("cell").map((cell) => cell.textContent));
    expect(days).toEqual([
      ["0", "0", "0", "0"],
      ["1", "0", "0", "0"],
      ["2", "1", "1", "0"],
    ]);
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeEnabled();
  });

  it("opens the members list narrowed to exactly the members each figure counts: called, reached and given the appointment", async () => {
    houston();
    await renderSection();
    const row = (await screen.findByRole("rowheader", { name: "Houston active" })).closest("tr")!;
    const drilled = (title: string) => {
      const link = within(row).getByTitle(title);
      expect(link.getAttribute("href")).toMatch(/^\/members\/all\?/);
      return Object.fromEntries(new URLSearchParams(link.getAttribute("href")!.split("?")[1]));
    };
    const everyOtherFilter = { practice: "all", status: "all", brand: "all", mco: "all", priority: "all", result: "all", campaign: String(HOUSTON) };
    expect(drilled("Open the 2 members Houston called")).toEqual(everyOtherFilter);
    expect(drilled("Open the 1 member Houston reached")).toEqual({ ...everyOtherFilter, campaignFigure: "reached" });
    expect(drilled("Open the 1 member Houston gave Appointment Made")).toEqual({ ...everyOtherFilter, campaignFigure: "appointments" });
    // Callbacks open counts callbacks, not members: the number alone.
    expect(within(within(row).getAllByRole("cell")[5]!).queryByRole("link")).toBeNull();
  });

  it("opens the members list narrowed to the members each figure of an agent's row counts of that agent's saves", async () => {
    houston();
    await renderSection();
    const { firstname, lastname, id } = agent();
    const agentRow = (await screen.findByRole("rowheader", { name: `Houston, agent ${firstname} ${lastname}` })).closest("tr")!;
    const drilled = (title: string) => Object.fromEntries(new URLSearchParams(within(agentRow).getByTitle(title).getAttribute("href")!.split("?")[1]));
    const hers = { practice: "all", status: "all", brand: "all", mco: "all", priority: "all", result: "all", campaign: String(HOUSTON), campaignAgent: String(id) };
    expect(drilled(`Open the 2 members ${firstname} ${lastname} called in Houston`)).toEqual(hers);
    expect(drilled(`Open the 1 member ${firstname} ${lastname} reached in Houston`)).toEqual({ ...hers, campaignFigure: "reached" });
    expect(drilled(`Open the 1 member ${firstname} ${lastname} gave Appointment Made in Houston`)).toEqual({ ...hers, campaignFigure: "appointments" });
  });

  it("says there is nothing to show without campaigns", async () => {
    await renderSection();
    expect(await screen.findByText("No campaign to show progress for yet.")).toBeInTheDocument();
  });

  it("says so when the progress cannot be read, and reads it again when asked", async () => {
    let refused = true;
    backend.server.use(http.get("*/api/campaign-progress", () => (refused ? HttpResponse.json({ message: "The database is not answering" }, { status: 500 }) : undefined)));
    const user = await renderSection();
    expect(await screen.findByRole("alert")).toHaveTextContent("The progress could not be read: The database is not answering");
    refused = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No campaign to show progress for yet.")).toBeInTheDocument();
  });
});
