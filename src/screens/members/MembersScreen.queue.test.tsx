// The work queue on the members list as a person sees it, on the fake backend (its clock stands at
// the demo world's reference time, inside Texas's calling hours): Next member serves a member above
// the list with its phone link focused and why; the key m serves the next; a number key there saves
// that member's result; a search for a do-not-call member shows "No one to call now" with the count,
// its banner and a disabled phone link, until a changed result lifts them; administrators, and only they, reset attempts, confirmed.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend, type DemoUser } from "../../../tests/fakeBackend";
import { isDoNotCall } from "../../../domain/queue/results.ts";
import { MembersList } from "../../../tests/support/membersList";

const backend = setupFakeBackend();

async function renderList(firstname = "Marcus") {
  const services = await backend.signIn(backend.db.users.find((user: DemoUser) => user.firstname === firstname)!);
  vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(928);
  render(<MembersList services={services} />);
  await screen.findAllByRole("combobox", { name: /^Result for / }, { timeout: 10_000 });
  return userEvent.setup();
}

const nowCalling = () => screen.findByRole("region", { name: "Now calling" }, { timeout: 10_000 });
const servedName = async () => (await nowCalling()).querySelector(".now-calling__name")?.textContent ?? "";

describe("Members list: the work queue", { timeout: 30_000 }, () => {
  it("Next member serves a member above the list, phone link focused, with why; m serves the next; a number key there saves its result", async () => {
    const user = await renderList();
    await user.click(screen.getByRole("button", { name: "Next member" }));
    const panel = await nowCalling();
    const phone = within(panel).getByRole("link", { name: /\(call / });
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute("href")).toMatch(/^tel:\d{10}$/);
    const why = screen.getByRole("region", { name: "Why this member?" });
    expect(within(why).getByText("Attempts")).toBeTruthy();
    expect(within(why).getByText("Served as").nextElementSibling?.textContent).toMatch(/^(Your callback is due|Overdue callback|Next in the queue)$/);
    const first = await servedName();

    // m while the served member is held asks first; letting it go serves the next.
    await user.keyboard("m");
    const question = await screen.findByRole("group", { name: `You are still on ${first.split(", ").reverse().join(" ")}. Release ${first.split(", ").reverse().join(" ")} and serve the next member?` });
    const release = within(question).getByRole("button", { name: "Release and serve next" });
    await waitFor(() => expect(document.activeElement).toBe(release));
    await user.keyboard("{Enter}");
    await waitFor(async () => expect(await servedName()).not.toBe(first));
    const second = await servedName();
    await waitFor(() => expect(document.activeElement?.classList.contains("now-calling__phone")).toBe(true));

    await user.keyboard("1");
    await screen.findByRole("heading", { name: "Result saved" }, { timeout: 10_000 });
    const saved = backend.db.members.find((member) => `${member.Last_Name}, ${[member.First_Name, member.Middle_Name].filter(Boolean).join(" ")}` === second);
    expect(saved?.Result).toBe("No answer");
  });

  it("a search for a do-not-call member: No one to call now with the count, its banner, and no phone link to dial", async () => {
    const dnc = backend.db.members.find((member) => isDoNotCall(member.Result))!;
    // No callback of Marcus's due: his own due callbacks are served whatever the search.
    const marcus = backend.db.users.find((user: DemoUser) => user.firstname === "Marcus")!;
    for (const callback of backend.db.callbacks.filter((each) => each.ownerId === marcus.id && each.status === "open")) {
      callback.status = "cancelled";
      backend.db.queue.changed(callback.memberId);
    }
    const user = await renderList();
    // Every practice: the member may be at one the agent's defaults leave out.
    await user.selectOptions(screen.getByRole("combobox", { name: "Practice" }), "all");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), dnc.Subscriber_ID);
    await waitFor(() => expect(screen.getAllByRole("combobox", { name: /^Result for / })).toHaveLength(1), { timeout: 10_000 });
    const banner = await screen.findByRole("status", { name: /^Do not call / });
    expect(banner.textContent).toMatch(new RegExp(`Do not call: ${dnc.Result}, saved by [A-Za-z]+ [A-Za-z-]+ on \\d\\d/\\d\\d/\\d{4}$`));
    const phone = screen.getByRole("link", { name: /\(do not call / });
    expect(phone.getAttribute("aria-disabled")).toBe("true");
    expect(phone.hasAttribute("href")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Next member" }));
    const empty = await screen.findByRole("region", { name: "No one to call now" }, { timeout: 10_000 });
    expect(within(empty).getByRole("list", { name: "Members held back, by reason" }).textContent).toBe("Do not call: 1");

    // A changed result lifts it: no banner, the phone link dials again.
    await user.selectOptions(screen.getByRole("combobox", { name: /^Result for / }), "No answer");
    await waitFor(() => expect(screen.queryByRole("status", { name: /^Do not call / })).toBeNull(), { timeout: 10_000 });
    expect(screen.getByRole("link", { name: /\(call / }).getAttribute("href")).toMatch(/^tel:/);
  });

  it("staff see no control to reset attempts", async () => {
    const staff = await renderList();
    await staff.click(screen.getByRole("button", { name: "Next member" }));
    await nowCalling();
    expect(screen.queryByRole("button", { name: "Reset attempts" })).toBeNull();
  });

  it("an administrator resets the served member's attempts once confirmed", async () => {
    // A member Next would serve her that has been called: searched for, so it is the one served.
    const alicia = backend.db.users.find((user: DemoUser) => user.firstname === "Alicia")!;
    const judge = backend.db.queue.judge(alicia.id, backend.db.now().getTime());
    const called = backend.db.members.find((member) => backend.db.queue.stateOf(member).attempts > 0 && judge(member).served)!;
    const user = await renderList("Alicia");
    await user.selectOptions(screen.getByRole("combobox", { name: "Practice" }), "all");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), called.Subscriber_ID);
    await waitFor(() => expect(screen.getAllByRole("combobox", { name: /^Result for / })).toHaveLength(1), { timeout: 10_000 });
    await user.click(screen.getByRole("button", { name: "Next member" }));
    await nowCalling();
    const why = screen.getByRole("region", { name: "Why this member?" });
    const attempts = () => within(why).getByText("Attempts").nextElementSibling?.textContent;
    expect(Number(attempts())).toBeGreaterThan(0);
    await user.click(within(why).getByRole("button", { name: "Reset attempts" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset attempts?" });
    await user.click(within(dialog).getByRole("button", { name: "Reset attempts" }));
    await waitFor(() => expect(attempts()).toBe("0"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
