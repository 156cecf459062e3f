// The members list's keyboard work mode as a person sees it: the current row, the legend of the
// number keys, a result saved by key, and the sheet of shortcuts.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { MembersList } from "../../../tests/support/membersList";

const backend = setupFakeBackend();

async function renderList() {
  const services = await backend.signIn(backend.db.users.find((user) => user.firstname === "Marcus")!);
  // jsdom lays nothing out: the virtualised table is given a view about 16 rows high to render.
  vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(928);
  render(<MembersList services={services} />);
  await screen.findAllByRole("combobox", { name: /^Result for / }, { timeout: 10_000 });
  await waitFor(() => expect(document.querySelector('tr[aria-current="true"]')).not.toBeNull());
  return userEvent.setup();
}

const rows = () => [...document.querySelectorAll<HTMLElement>("tbody tr.member-row")].sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
const current = () => document.querySelector<HTMLElement>('tr[aria-current="true"]');

describe("Members list: keyboard work mode", { timeout: 30_000 }, () => {
  it("marks the first row current, the one row in the tab order, and shows the number keys' results", async () => {
    await renderList();
    expect(current()).toBe(rows()[0]);
    expect(rows().filter((row) => row.tabIndex === 0)).toEqual([rows()[0]]);
    const legend = screen.getByRole("list", { name: "Result keys" });
    expect(within(legend).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "1 No answer",
      "2 Left message",
      "3 Appointment Made",
      "4 Contact Made Call Back",
      "5 Contact Made Not Interested",
      "6 Phone number issues",
      "7 Reschedule",
      "8 Confirm",
      "9 Transfer",
    ]);
  });

  it("moves with j, saves a result with 3 for the current member, then moves on to the next member without a result", async () => {
    const user = await renderList();
    await user.keyboard("j");
    const second = rows()[1]!;
    expect(current()).toBe(second);
    expect(document.activeElement).toBe(second);
    const memberId = Number(second.dataset.memberId);
    const next = rows().slice(2).find((row) => row.querySelector("select")!.value === "")!;
    await user.keyboard("3");
    await waitFor(() => expect(backend.db.members.find((member) => member.id === memberId)?.Result).toBe("Appointment Made"));
    await waitFor(() => expect(current()?.dataset.memberId).toBe(next.dataset.memberId));
    expect(document.activeElement).toBe(current());
  });

  it("takes no key aimed outside the members page (the menu, the top bar)", async () => {
    const user = await renderList();
    const menu = document.body.appendChild(document.createElement("button"));
    menu.textContent = "MEMBERS";
    menu.focus();
    await user.keyboard("j3");
    expect(current()).toBe(rows()[0]);
    expect(document.activeElement).toBe(menu);
    menu.remove();
  });

  it("keeps the keys out of the search field, and ? opens the sheet of shortcuts that Escape closes", async () => {
    const user = await renderList();
    await user.click(screen.getByRole("searchbox", { name: "Search" }));
    await user.keyboard("j3?");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("j3?");
    expect(current()).toBe(rows()[0]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Cleared before the search would apply: the list stays as it is.
    await user.clear(screen.getByRole("searchbox", { name: "Search" }));

    rows()[0]!.focus();
    await user.keyboard("?");
    const sheet = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(sheet).getByRole("cell", { name: "Save the result Transfer" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(document.activeElement).toBe(rows()[0]);
  });
});
