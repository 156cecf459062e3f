import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { useActorRef } from "@xstate/react";
import { AppStatusTrackerModal } from "./AppStatusTrackerModal";
import { DashboardScreen } from "./DashboardScreen";

const openIssue = {
  id: 3,
  application: "Members",
  downTimeStart: "2026-03-05T14:07:00",
  whatIsDown: "The latest DENTA import failed.",
  whatToDoMeanTime: "Work the list as usual.",
  closedAt: null,
};
const helpItem = {
  id: 2,
  heading: "App status tracker",
  description: "The downtime icon appears while an application has an open issue.",
  fileLinks: "http://localhost/files/reports-guide.pdf",
  parentPageId: "",
  pageId: "dashboard",
  type: "faq" as const,
  updatedAt: "2026-03-01T00:00:00Z",
};

const backend = setupFakeBackend();

async function renderDashboard() {
  const services = await backend.signIn(backend.db.users.find((user) => !user.isAdmin)!);
  const failure = vi.spyOn(services.auth, "send");
  // The screen's actor as src/app makes it: started with the screen, stopped when it goes.
  function Screen() {
    return <DashboardScreen actor={useActorRef(services.dashboard)} />;
  }
  render(<Screen />);
  return { user: userEvent.setup(), failure };
}

describe("Dashboard screen", () => {
  it("shows the downtime icon once the check finds open issues, and the tracker with its dates", async () => {
    backend.db.openIssues.splice(0, Infinity, openIssue);
    const { user } = await renderDashboard();
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Downtime: open issues" })).not.toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "Downtime: open issues" }, { timeout: 2_000 }));
    const tracker = screen.getByRole("dialog", { name: "App Status Tracker" });
    expect(within(tracker).getByRole("row", { name: /Members 5 March 2026 14:07/ })).toBeInTheDocument();
  });

  it("shows no downtime icon when nothing is open", async () => {
    backend.db.openIssues.length = 0;
    await renderDashboard();
    await new Promise((done) => setTimeout(done, 1_300));
    expect(screen.queryByRole("button", { name: "Downtime: open issues" })).not.toBeInTheDocument();
  });

  it("opens an item's file kind, with 'No file found.' when it has none", async () => {
    backend.db.helpItems.splice(0, Infinity, helpItem);
    const { user } = await renderDashboard();
    await user.click(screen.getByRole("button", { name: "Help" }));
    const item = await screen.findByRole("article", { name: "App status tracker" });
    await user.click(within(item).getByRole("button", { name: "Watch Video" }));
    expect(screen.getByRole("dialog", { name: "Watch Video: App status tracker" })).toHaveTextContent("No file found.");
    await user.click(screen.getByRole("button", { name: "Close" }));
    await user.click(within(await screen.findByRole("article", { name: "App status tracker" })).getByRole("button", { name: "View PDF" }));
    const pdf = screen.getByRole("dialog", { name: "View PDF: App status tracker" });
    expect(within(pdf).getByTitle("App status tracker")).toHaveStyle({ height: "500px" });
    expect(within(pdf).getByRole("button", { name: "Open in full screen" })).toBeInTheDocument();
  });

  it("swallows a failed help call: 'No record found' and no alert", async () => {
    // The fake backend answers every help read; only an outage makes the call fail.
    backend.server.use(http.get("*/api/helpMark/:params", () => HttpResponse.json({ message: "Down", statusCode: 500 }, { status: 500 })));
    const { user, failure } = await renderDashboard();
    await user.click(screen.getByRole("button", { name: "Help" }));
    expect(await screen.findByText("No record found")).toBeInTheDocument();
    expect(failure).not.toHaveBeenCalledWith(expect.objectContaining({ type: "auth.failure" }));
  });
});

describe("App Status Tracker modal", () => {
  it("reads 'No Data' when there are no rows", () => {
    render(<AppStatusTrackerModal rows={[]} onClose={() => {}} />);
    expect(screen.getByRole("cell", { name: "No Data" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Application",
      "Down Time Start",
      "What Is Down",
      "What to do in mean time",
    ]);
  });
});
