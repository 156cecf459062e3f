// The members list opened from an agent's row of the Campaigns page's progress, on the fake backend:
// its notice names the campaign and the agent as that row names them, and says the agent's number
// only when the progress, which names them, cannot be read.
import { render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setupFakeBackend, type DemoUser } from "../../../tests/fakeBackend";
import { MembersList } from "../../../tests/support/membersList";
import { addCampaign } from "../../../tests/support/fakeCampaign";

const backend = setupFakeBackend();
afterEach(() => window.history.replaceState(null, "", "/"));

/** Marcus called a member in his campaign; the list opens narrowed to his saves in it, signed in as `reader`. */
async function openMarcusDrillDown(reader: (marcus: DemoUser) => DemoUser) {
  const marcus = backend.db.users.find((user: DemoUser) => user.firstname === "Marcus")!;
  const campaign = addCampaign(backend.db, { name: "Recare everyone", agents: [marcus.id], startsOn: "2026-11-01", endsOn: "2026-11-30", state: "active", changedBy: marcus.id });
  backend.db.results.push({ id: 900_000, memberId: backend.db.members[0]!.id, userId: marcus.id, Result: "No answer", createdAt: "2026-11-16T15:00:00.000Z", campaignId: campaign.id });
  window.history.replaceState(null, "", `/members/all?campaign=${campaign.id}&campaignAgent=${marcus.id}`);
  const services = await backend.signIn(reader(marcus));
  vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(928);
  render(<MembersList services={services} />);
  return marcus;
}

const notice = () => screen.queryAllByRole("status").find((status) => status.textContent?.startsWith("Only the members"))?.textContent;

describe("Members list narrowed to an agent's saves in a campaign", { timeout: 30_000 }, () => {
  it("names the agent, for an administrator", async () => {
    const { firstname, lastname } = await openMarcusDrillDown(() => backend.db.users.find((user: DemoUser) => user.isAdmin)!);
    await waitFor(() => expect(notice()).toBe(`Only the members called in the campaign Recare everyone by the agent ${firstname} ${lastname}. Show members of every campaign`), { timeout: 10_000 });
  });

  it("names the agent for the agent themself, who may not read the staff", async () => {
    const { firstname, lastname } = await openMarcusDrillDown((marcus) => marcus);
    await waitFor(() => expect(notice()).toBe(`Only the members called in the campaign Recare everyone by the agent ${firstname} ${lastname}. Show members of every campaign`), { timeout: 10_000 });
  });

  it("says the agent's number when the names cannot be read", async () => {
    backend.server.use(http.get("*/api/campaign-progress", () => HttpResponse.json({ message: "The database is not answering" }, { status: 500 })));
    const { id } = await openMarcusDrillDown(() => backend.db.users.find((user: DemoUser) => user.isAdmin)!);
    await waitFor(() => expect(notice()).toBe(`Only the members called in the campaign Recare everyone by the agent number ${id}. Show members of every campaign`), { timeout: 10_000 });
  });
});
