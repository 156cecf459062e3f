// The members table's rows across a new sort: the rows shown stay in the document and take the new
// page's members, rather than being removed and built again (what kept a 1,000-row sort from
// painting in time).
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { MembersList } from "../../../tests/support/membersList";

const backend = setupFakeBackend();

const rowAt = (index: number) => document.querySelector<HTMLTableRowElement>(`tr.member-row[data-index="${index}"]`);
const nameIn = (row: HTMLTableRowElement | null) => row?.querySelector("th")?.textContent ?? "";

describe("the members table's rows", () => {
  it("a new sort writes its members into the rows already shown", async () => {
    const services = await backend.signIn(backend.db.users.find((user) => user.firstname === "Marcus")!);
    // jsdom lays nothing out: the virtualised table is given a view about 16 rows high to render.
    vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(928);
    render(<MembersList services={services} />);
    await screen.findAllByRole("combobox", { name: /^Result for / }, { timeout: 10_000 });
    const first = rowAt(0)!;
    const shown = [...document.querySelectorAll("tr.member-row")];
    const before = nameIn(first);
    const memberBefore = first.dataset.memberId;

    await userEvent.setup().click(screen.getByRole("button", { name: /^Entry time/ }));
    await waitFor(() => expect(nameIn(rowAt(0))).not.toBe(before), { timeout: 10_000 });

    expect(rowAt(0)).toBe(first);
    expect([...document.querySelectorAll("tr.member-row")]).toEqual(shown);
    // The row names its new member to the rest of the page (focus, the claims) as well as showing it.
    expect(first.dataset.memberId).not.toBe(memberBefore);
  });
});
