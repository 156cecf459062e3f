// The Callbacks page against the fake backend: every open callback with its member, filtered by
// agent; several selected go to another agent once the question with their count is answered.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { CallbacksScreen } from "./CallbacksScreen";

vi.setConfig({ testTimeout: 30_000 });

const backend = setupFakeBackend();
const admin = () => backend.db.users.find((user) => user.isAdmin)!;
const person = (firstname: string) => backend.db.users.find((user) => user.firstname === firstname)!;
const openOf = (ownerId: number) => backend.db.callbacks.filter((callback) => callback.status === "open" && callback.ownerId === ownerId);

async function renderScreen() {
  const services = await backend.signIn(admin());
  const actor = createActor(services.callbacksAdmin).start();
  render(<CallbacksScreen actor={actor} />);
  await screen.findAllByRole("checkbox", { name: /^Select the callback of / });
  return userEvent.setup();
}

const bodyRows = () => within(screen.getByRole("table", { name: /^Open callbacks/ })).getAllByRole("row").slice(1);

describe("Callbacks page", () => {
  it("lists every open callback, and an agent's alone when filtered", async () => {
    const user = await renderScreen();
    const open = backend.db.callbacks.filter((callback) => callback.status === "open").length;
    expect(screen.getByRole("table", { name: `Open callbacks: ${open}` })).toBeInTheDocument();
    const marcus = person("Marcus");
    await user.selectOptions(screen.getByLabelText("Agent"), String(marcus.id));
    await screen.findByRole("table", { name: `Open callbacks: ${openOf(marcus.id).length}` });
    // The Agent column: checkbox, practice, due (member's), due (yours), agent.
    for (const row of bodyRows()) expect(within(row).getAllByRole("cell")[4]).toHaveTextContent("Marcus Reed");
  });

  it("reassigns the selected callbacks to an agent after asking with the count", async () => {
    const user = await renderScreen();
    const marcus = person("Marcus");
    const priya = person("Priya");
    await user.selectOptions(screen.getByLabelText("Agent"), String(marcus.id));
    await screen.findByRole("table", { name: `Open callbacks: ${openOf(marcus.id).length}` });
    const [first, second] = bodyRows();
    await user.click(within(first!).getByRole("checkbox"));
    await user.click(within(second!).getByRole("checkbox"));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Reassign to"), String(priya.id));
    const before = openOf(priya.id).length;
    await user.click(screen.getByRole("button", { name: "Reassign" }));

    const question = screen.getByRole("dialog", { name: "Reassign callbacks" });
    expect(within(question).getByText("Reassign 2 callbacks to Priya Natarajan?")).toBeInTheDocument();
    await user.click(within(question).getByRole("button", { name: "Reassign" }));
    expect(await screen.findByText("Reassigned 2 callbacks to Priya Natarajan.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(openOf(priya.id)).toHaveLength(before + 2);
  });

  it("reassigns nothing when the question is cancelled", async () => {
    const user = await renderScreen();
    const before = backend.db.callbacks.map((callback) => callback.ownerId);
    await user.click(screen.getByRole("checkbox", { name: "Select every callback on this page" }));
    await user.selectOptions(screen.getByLabelText("Reassign to"), "anyone");
    await user.click(screen.getByRole("button", { name: "Reassign" }));
    expect(within(screen.getByRole("dialog")).getByText(/^Reassign \d+ callbacks to anyone\?$/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(backend.db.callbacks.map((callback) => callback.ownerId)).toEqual(before);
  });
});
