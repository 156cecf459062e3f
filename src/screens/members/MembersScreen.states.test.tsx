// The members list while its first page loads and when a page fails: what a person reads then.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { MembersList } from "../../../tests/support/membersList";

const backend = setupFakeBackend();

const PAGE = "*/api/Members/getMembersTableData";

async function renderList() {
  const services = await backend.signIn(backend.db.users.find((user) => user.firstname === "Marcus")!);
  // jsdom lays nothing out: the virtualised table is given a view about 16 rows high to render.
  vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(928);
  render(<MembersList services={services} />);
  return services;
}

describe("the members list's loading and failure", () => {
  it("says it is loading, with no count and no 'No members', until the first page is there", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Falls through to the fake backend's own answer once released.
    backend.server.use(http.get(PAGE, async () => void (await held)));
    await renderList();

    await screen.findByRole("table");
    expect(screen.getAllByText("Loading members…")).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Members · All brands$/);
    expect(screen.queryByText(/0 members/)).not.toBeInTheDocument();
    expect(screen.queryByText(/No members/)).not.toBeInTheDocument();
    expect(screen.getByRole("table").querySelector("caption")).toHaveTextContent(/: page 1$/);

    release();
    await screen.findAllByRole("combobox", { name: /^Result for / }, { timeout: 10_000 });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Members · All brands \([\d,]+ members\)$/);
    expect(screen.getByText(/^Showing 1–15 of [\d,]+$/)).toBeInTheDocument();
    expect(screen.queryByText("Loading members…")).not.toBeInTheDocument();
  });

  it("leaves a failure's message to the app's alert (said once) and offers Try again, which loads the list", async () => {
    backend.server.use(http.get(PAGE, () => HttpResponse.json({ message: "The members database is busy", statusCode: 503 }, { status: 503 }), { once: true }));
    const services = await renderList();

    const failure = await screen.findByText("Nothing is shown until the list loads.", undefined, { timeout: 10_000 });
    await waitFor(() => expect(services.auth.getSnapshot().context.alert?.message).toBe("The members database is busy"));
    expect(screen.queryByText(/The members database is busy/)).not.toBeInTheDocument();
    expect(screen.queryByText(/0 members/)).not.toBeInTheDocument();

    await userEvent.setup().click(within(failure.closest("div")!).getByRole("button", { name: "Try again" }));
    await screen.findAllByRole("combobox", { name: /^Result for / }, { timeout: 10_000 });
    expect(screen.queryByText("Nothing is shown until the list loads.")).not.toBeInTheDocument();
  });
});
