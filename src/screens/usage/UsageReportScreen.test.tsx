import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setupFakeBackend, type DemoUser } from "../../../tests/fakeBackend";
import { addCampaign } from "../../../tests/support/fakeCampaign";
import { useActorRef } from "@xstate/react";
import { UsageReportScreen } from "./UsageReportScreen";

const backend = setupFakeBackend();
const admin = () => backend.db.users.find((user) => user.isAdmin)!;
const agent = () => backend.db.users.find((user) => !user.isAdmin)!;

/**
 * The page visits: the administrator's dashboard three times and the agent's usage page once this
 * month (the report opens on it), and a members-list visit last month, which the report leaves out.
 */
function arrangeVisits() {
  const today = new Date();
  const midMonth = (monthsAgo: number) => new Date(today.getFullYear(), today.getMonth() - monthsAgo, 15, 12).toISOString();
  const visit = (user: DemoUser, visitedUrl: string, accessedAt: string) => ({
    userId: user.id,
    visitedUrl,
    defualtPracticeId: user.defaultLocationId,
    accessedAt,
  });
  const visits = [
    ...Array.from({ length: 3 }, () => visit(admin(), "/dashboard", midMonth(0))),
    visit(agent(), "/usage", midMonth(0)),
    visit(agent(), "/members/all", midMonth(1)),
  ];
  backend.db.pageVisits.splice(0, Infinity, ...visits.map((entry, index) => ({ ...entry, id: index + 1, token: `visit-${index + 1}` })));
}

async function renderScreen(user: DemoUser) {
  const services = await backend.signIn(user);
  // The screen's actors as src/app makes them: started with the screen, stopped when it goes.
  function Screen() {
    const actor = useActorRef(services.usageReport, { input: { isAdmin: user.isAdmin } });
    return <UsageReportScreen actor={actor} exporter={useActorRef(services.exportCsv)} />;
  }
  render(<Screen />);
  return userEvent.setup();
}

describe("Universal Usage Report screen", () => {
  afterEach(() => vi.restoreAllMocks());

  it("loads the current month and searches by page after a pause, by user on Enter", async () => {
    arrangeVisits();
    const user = await renderScreen(admin());
    expect(await screen.findByRole("cell", { name: "/usage" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "/dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("cell", { name: "/members/all" })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Visited page"), "dash");
    const table = await screen.findByRole("table", { name: /: 1 rows$/ }, { timeout: 2_000 });
    expect(within(table).getByRole("cell", { name: "/dashboard" })).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Visited page"));
    await user.type(screen.getByRole("searchbox", { name: "User" }), "Nobody{Enter}");
    expect(await screen.findByText("No usage found for these dates and searches.", {}, { timeout: 2_000 })).toBeInTheDocument();
  });

  it("names the default practices, writes dates as the app does and keeps e-mails whole", async () => {
    arrangeVisits();
    const practices = backend.db.practices.slice(0, 3);
    admin().defaultLocationId = practices.map((practice) => practice.id).join(";");
    backend.db.pageVisits.forEach((visit) => (visit.defualtPracticeId = visit.userId === admin().id ? admin().defaultLocationId : ""));
    await renderScreen(admin());
    const row = (await screen.findByRole("cell", { name: "/dashboard" })).closest("tr")!;
    const cells = within(row).getAllByRole("cell");
    // By name: an administrator reads the whole group's report, where abbreviations say little.
    expect(within(cells[2]!).getAllByRole("listitem").map((item) => item.textContent)).toEqual(practices.map((practice) => practice.practice));
    expect(cells[3]!.textContent).toBe(admin().email);
    expect(cells[3]!.querySelector("wbr")).toBeNull();
    expect(cells[6]!.textContent).toMatch(/^\d{2}\/15\/\d{4}$/);
    expect(screen.getByRole("table", { name: /^Page visits from \d{2}\/01\/\d{4} to \d{2}\/\d{2}\/\d{4}: 2 rows$/ })).toBeInTheDocument();
    const agentRow = screen.getByRole("cell", { name: "/usage" }).closest("tr")!;
    expect(within(within(agentRow).getAllByRole("cell")[2]!).getByRole("listitem")).toHaveTextContent(/^All$/);
  });

  it("exports the report's rows to CSV from the backend, saying what it saved", async () => {
    arrangeVisits();
    // jsdom has no Blob URLs; the file's handover to the browser is the e2e tests' to prove.
    const blobUrl = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:usage");
    vi.spyOn(URL, "revokeObjectURL").mockReturnValue();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockReturnValue();
    const user = await renderScreen(admin());
    await screen.findByRole("cell", { name: "/usage" });
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText(/^Saved Usage-\d{4}-\d{2}-\d{2}\.csv \(2 rows\)\.$/)).toBeInTheDocument();
    const csv = await (blobUrl.mock.calls[0]![0] as Blob).text();
    expect(csv.split("\r\n").slice(0, 2)).toEqual([
      "User Id,Visited Page,Default Practice,User Name,First Name,Last Name,Access Date,Count",
      // The contract's values, not the screen's: practice ids and an ISO date.
      expect.stringMatching(new RegExp(`^${admin().id},/dashboard,${admin().defaultLocationId},.*,\\d{4}-\\d{2}-\\d{2},3$`)),
    ]);
  });

  it("sorts by a column, the same column again reversing", async () => {
    arrangeVisits();
    const user = await renderScreen(admin());
    await screen.findByRole("cell", { name: "/usage" });
    const count = screen.getByRole("columnheader", { name: /Count/ });
    await user.click(within(count).getByRole("button"));
    expect(count).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("/usage");
    await user.click(within(count).getByRole("button"));
    expect(count).toHaveAttribute("aria-sort", "descending");
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("/dashboard");
  });

  it("says why the report could not be loaded and offers to try again", async () => {
    arrangeVisits();
    const staff = agent();
    const user = await renderScreen(staff);
    expect(await screen.findByText(/^The usage report could not be loaded: .+ \(status 403\)$/)).toBeInTheDocument();

    expect(await screen.findByText(/^The call activity could not be loaded: .+ \(status 403\)$/)).toBeInTheDocument();

    staff.isAdmin = true;
    const usageAlert = screen.getByText(/^The usage report could not be loaded/).closest<HTMLElement>("[role=alert]")!;
    await user.click(within(usageAlert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("cell", { name: "/usage" })).toBeInTheDocument();
  });

  it("shows each agent's calls started beside the results saved over the same dates", async () => {
    arrangeVisits();
    const thisMonth = new Date(new Date().getFullYear(), new Date().getMonth(), 15, 12).toISOString();
    const lastMonth = new Date(new Date().getFullYear(), new Date().getMonth() - 1, 15, 12).toISOString();
    const memberId = backend.db.members[0]!.id;
    backend.db.callStarts.splice(0, Infinity, ...[thisMonth, thisMonth, lastMonth].map((startedAt, index) => ({ id: index + 1, memberId, userId: agent().id, startedAt })));
    backend.db.results.splice(0, Infinity, { id: 1, memberId, userId: agent().id, Result: "No answer", createdAt: thisMonth }, { id: 2, memberId, userId: admin().id, Result: "Left message", createdAt: thisMonth });
    await renderScreen(admin());
    const table = await screen.findByRole("table", { name: /^Calls started and results saved from .+: 2 agents$/ });
    const [, first, second] = within(table).getAllByRole("row");
    expect(first).toHaveTextContent(new RegExp(`${agent().email}.*${agent().lastname}\\s*2\\s*1$`));
    expect(second).toHaveTextContent(new RegExp(`${admin().email}.*${admin().lastname}\\s*0\\s*1$`));
  });
  it("narrows the call activity to the campaign chosen, counting only the calls and saves made in it", async () => {
    arrangeVisits();
    const thisMonth = new Date(new Date().getFullYear(), new Date().getMonth(), 15, 12).toISOString();
    const { id } = addCampaign(backend.db, { name: "Usage screen recare", agents: [agent().id], changedBy: admin().id });
    const memberId = backend.db.members[0]!.id;
    backend.db.callStarts.splice(0, Infinity, { id: 1, memberId, userId: agent().id, startedAt: thisMonth, campaignId: id }, { id: 2, memberId, userId: agent().id, startedAt: thisMonth });
    backend.db.results.splice(0, Infinity, { id: 1, memberId, userId: agent().id, Result: "No answer", createdAt: thisMonth, campaignId: id }, { id: 2, memberId, userId: admin().id, Result: "Left message", createdAt: thisMonth });
    const user = await renderScreen(admin());
    await screen.findByRole("table", { name: /^Calls started and results saved from .+: 2 agents$/ });
    await user.selectOptions(await screen.findByRole("combobox", { name: "Campaign" }), "Usage screen recare");
    const table = await screen.findByRole("table", { name: /^Calls started and results saved from .+: 1 agents$/ });
    const [, only] = within(table).getAllByRole("row");
    expect(only).toHaveTextContent(new RegExp(`${agent().email}.*${agent().lastname}\\s*1\\s*1$`));
    await user.selectOptions(screen.getByRole("combobox", { name: "Campaign" }), "All calls");
    expect(await screen.findByRole("table", { name: /^Calls started and results saved from .+: 2 agents$/ })).toBeInTheDocument();
  });
});
