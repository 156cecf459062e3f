// An agent's campaigns on the members list, on the fake backend: the list says which campaigns Next
// serves from, and the member served for a campaign shows the campaign and its script (line breaks
// kept) beside it, folded on request; an agent with no active campaign sees neither.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend, type DemoUser } from "../../../tests/fakeBackend";
import { MembersList } from "../../../tests/support/membersList";
import { addCampaign } from "../../../tests/support/fakeCampaign";

const backend = setupFakeBackend();
const SCRIPT = "Hello, this is the Houston office.\nYou are due for your cleaning.";

function arrangeCampaign(agentId: number, state: "active" | "paused") {
  // After the demo world's campaigns, none of which is Marcus's.
  addCampaign(backend.db, { name: "Recare everyone", script: SCRIPT, agents: [agentId], goalResult: "Appointment Made", state, changedBy: agentId });
  // The agent's own due callbacks come before any campaign: none, so Next serves from the campaign.
  for (const callback of backend.db.callbacks.filter((each) => each.ownerId === agentId)) callback.status = "cancelled";
}

async function renderList(state: "active" | "paused") {
  const marcus = backend.db.users.find((user: DemoUser) => user.firstname === "Marcus")!;
  arrangeCampaign(marcus.id, state);
  const services = await backend.signIn(marcus);
  vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(928);
  render(<MembersList services={services} />);
  await screen.findAllByRole("combobox", { name: /^Result for / }, { timeout: 10_000 });
  return userEvent.setup();
}

describe("Members list: the agent's campaigns", { timeout: 30_000 }, () => {
  it("names the campaign Next serves from, and shows its script beside the member served, folded on request", async () => {
    const user = await renderList("active");
    expect((await screen.findByText(/serves your campaign:/)).textContent).toContain("Recare everyone");
    await user.click(screen.getByRole("button", { name: "Next member" }));
    const nowCalling = await screen.findByRole("region", { name: "Now calling" }, { timeout: 10_000 });
    const campaign = within(nowCalling).getByRole("region", { name: "Campaign Recare everyone" });
    const script = within(campaign).getByRole("region", { name: "Call script" });
    expect(script.textContent).toBe(SCRIPT);
    await user.click(within(campaign).getByRole("button", { name: "Hide script" }));
    expect(within(campaign).queryByRole("region", { name: "Call script" })).toBeNull();
    expect(within(campaign).getByRole("button", { name: "Show script" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("a paused campaign is not served: no notice, and the member served shows no campaign", async () => {
    const user = await renderList("paused");
    await user.click(screen.getByRole("button", { name: "Next member" }));
    const nowCalling = await screen.findByRole("region", { name: "Now calling" }, { timeout: 10_000 });
    await waitFor(() => expect(within(nowCalling).queryByRole("link", { name: /\(call / })).not.toBeNull());
    expect(within(nowCalling).queryByRole("region", { name: /^Campaign / })).toBeNull();
    expect(screen.queryByText(/serves your campaign/)).toBeNull();
  });
});
