// The Campaigns page on the fake backend, as an administrator sees it: no campaigns yet; a new
// campaign written in the editor with its targets' live count joins the list as a draft; a name
// another campaign has is refused on its field; a warning when the targets match nobody; a change
// another administrator saved first is refused; the page says so when the campaigns cannot be read.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { addCampaign } from "../../../tests/support/fakeCampaign";
import { CampaignsScreen } from "./CampaignsScreen";

vi.setConfig({ testTimeout: 30_000 });

const backend = setupFakeBackend();
// Each case arranges the campaigns it shows: the demo world's are set aside.
beforeEach(() => void backend.db.campaigns.splice(0));
const admin = () => backend.db.users.find((user) => user.isAdmin)!;
const agent = () => backend.db.users.find((user) => !user.isAdmin)!;

const houston = (state: "draft" | "active") =>
  addCampaign(backend.db, { name: "Houston", script: "Hello", agents: [], startsOn: "2026-11-01", endsOn: "2026-11-30", state, changedBy: admin().id });

type Services = Awaited<ReturnType<typeof backend.signIn>>;
const renderPage = (services: Services) =>
  render(<CampaignsScreen actor={createActor(services.campaigns).start()} progress={createActor(services.campaignProgress).start()} exporter={createActor(services.exportCsv).start()} />);

async function renderScreen() {
  renderPage(await backend.signIn(admin()));
  await screen.findByText(/There are no campaigns yet|Campaigns \(/);
  return userEvent.setup();
}

describe("Campaigns page", () => {
  it("with no campaign says so; a campaign written in the editor, its targets counted, joins the list as a draft", async () => {
    const user = await renderScreen();
    expect(screen.getByText("There are no campaigns yet: a new campaign starts as a draft.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New campaign" }));
    const editor = screen.getByRole("dialog", { name: "New campaign" });
    await user.type(within(editor).getByLabelText("Name"), "MCNA recare");
    await user.type(within(editor).getByLabelText(/^Call script/), "Hello{Enter}Second line");
    await user.selectOptions(within(editor).getByLabelText("Brand"), "mcna");
    expect(await within(editor).findByText((_, node) => node?.tagName === "P" && /^[\d,]+ members match these targets now\.$/.test(node.textContent ?? ""), {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(within(within(editor).getByRole("group", { name: "Agents assigned" })).getByRole("checkbox", { name: `${agent().firstname} ${agent().lastname}` }));
    await user.click(within(editor).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("MCNA recare was created as a draft: start it when it is ready.")).toBeInTheDocument();
    const row = screen.getByRole("rowheader", { name: "MCNA recare" }).closest("tr")!;
    expect(within(row).getByText("draft")).toBeInTheDocument();
    expect(within(row).getByText("MCNA")).toBeInTheDocument();
    expect(within(row).getByText(`${agent().firstname} ${agent().lastname}`)).toBeInTheDocument();
    expect(backend.db.campaigns[0]).toMatchObject({ name: "MCNA recare", script: "Hello\nSecond line", targets: { company: "mcna" }, agents: [agent().id], state: "draft" });
  });

  it("a name another campaign has is refused on its field; targets that match nobody warn", async () => {
    const user = await renderScreen();
    await user.click(screen.getByRole("button", { name: "New campaign" }));
    const editor = screen.getByRole("dialog", { name: "New campaign" });
    await user.type(within(editor).getByLabelText("Search"), "no such member anywhere");
    const warned = (_: string, node: Element | null) =>
      node?.tagName === "P" && node.textContent === "0 members match these targets now. These filters match no member: the campaign would serve nobody.";
    expect(await within(editor).findByText(warned, {}, { timeout: 5_000 })).toBeInTheDocument();
    houston("draft");
    await user.type(within(editor).getByLabelText("Name"), "houston");
    await user.click(within(editor).getByRole("button", { name: "Save" }));
    expect(await within(editor).findByRole("alert")).toHaveTextContent("There is already a campaign named Houston");
    expect(within(editor).getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(within(editor).getByText("Name is the name of another campaign")).toBeInTheDocument();
  });

  it("a change another administrator saved first is refused, nothing overwritten; closing the editor reads the campaign again", async () => {
    houston("active");
    const user = await renderScreen();
    await user.click(screen.getByRole("button", { name: "Edit Houston" }));
    const editor = screen.getByRole("dialog", { name: "Edit Houston" });
    // Meanwhile another administrator saves a change.
    Object.assign(backend.db.campaigns[0]!, { script: "Their script", version: 2 });
    await user.clear(within(editor).getByLabelText(/^Call script/));
    await user.type(within(editor).getByLabelText(/^Call script/), "My script");
    await user.click(within(editor).getByRole("button", { name: "Save" }));
    expect(await within(editor).findByRole("alert")).toHaveTextContent(`${admin().firstname} ${admin().lastname} saved a change to this campaign first: read it again before changing it`);
    expect(backend.db.campaigns[0]!.script).toBe("Their script");
    await user.click(within(editor).getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Edit Houston" }));
    expect(within(screen.getByRole("dialog", { name: "Edit Houston" })).getByLabelText(/^Call script/)).toHaveValue("Their script");
  });

  it("says so when the campaigns cannot be read", async () => {
    backend.server.use(http.get("*/api/campaigns", () => HttpResponse.json({ message: "The database is not answering" }, { status: 500 })));
    const services = await backend.signIn(admin());
    renderPage(services);
    expect(await screen.findByText("The database is not answering")).toHaveAttribute("role", "alert");
    expect(await screen.findByText("The progress could not be read: The database is not answering")).toHaveAttribute("role", "alert");
    expect(screen.getAllByRole("button", { name: "Try again" })).toHaveLength(2);
  });
});
