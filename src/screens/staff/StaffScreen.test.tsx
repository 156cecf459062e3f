import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { StaffScreen } from "./StaffScreen";

// Typing whole forms takes a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const backend = setupFakeBackend();
const admin = () => backend.db.users.find((user) => user.isAdmin)!;
const agent = () => backend.db.users.find((user) => !user.isAdmin)!;

async function renderScreen() {
  const services = await backend.signIn(admin());
  const actor = createActor(services.staffAdmin, { input: { selfId: admin().id } }).start();
  render(<StaffScreen actor={actor} />);
  await screen.findByRole("table", { name: /Staff accounts/ });
  return userEvent.setup();
}

const rowOf = (name: string) => screen.getByRole("rowheader", { name: new RegExp(`^${name}`) }).closest("tr")!;

describe("Staff screen", () => {
  it("lists the accounts and adds a colleague, who then has a row of their own", async () => {
    const user = await renderScreen();
    expect(within(rowOf(`${admin().firstname} ${admin().lastname}`)).getByText("Administrator")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add staff member" }));
    const form = screen.getByRole("dialog", { name: "Add a staff member" });
    await user.type(within(form).getByLabelText("First name"), "Dana");
    await user.type(within(form).getByLabelText("Last name"), "Cho");
    await user.type(within(form).getByLabelText(/^E-mail/), "dana.cho@recalldesk.example");
    const [firstPractice] = within(form).getAllByRole("checkbox", { name: /-/ });
    await user.click(firstPractice!);
    await user.click(within(form).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Dana Cho was added: they sign in with the account of dana.cho@recalldesk.example.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const row = rowOf("Dana Cho");
    expect(within(row).getByText("dana.cho@recalldesk.example")).toBeInTheDocument();
    expect(within(row).getByText("Never")).toBeInTheDocument();
    expect(backend.db.users.some((candidate) => candidate.email === "dana.cho@recalldesk.example")).toBe(true);
  });

  it("keeps the form open on an e-mail another account has, saying whose it is", async () => {
    const user = await renderScreen();
    await user.click(screen.getByRole("button", { name: "Add staff member" }));
    const form = screen.getByRole("dialog", { name: "Add a staff member" });
    await user.type(within(form).getByLabelText("First name"), "Copy");
    await user.type(within(form).getByLabelText("Last name"), "Cat");
    await user.type(within(form).getByLabelText(/^E-mail/), agent().email.toUpperCase());
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(`There is already a staff member with the e-mail ${agent().email.toUpperCase()}`);
    expect(within(form).getByLabelText(/^E-mail/)).toHaveAttribute("aria-invalid", "true");
  });

  it("asks before disabling an account, then shows it disabled and signed out", async () => {
    const user = await renderScreen();
    const name = `${agent().firstname} ${agent().lastname}`;
    await user.click(within(rowOf(name)).getByRole("button", { name: `Disable ${name}` }));
    const confirm = screen.getByRole("dialog", { name: `Disable ${name}?` });
    expect(confirm).toHaveTextContent("will be signed out everywhere at once");
    await user.click(within(confirm).getByRole("button", { name: "Disable" }));
    expect(await screen.findByText(`${name} can no longer sign in: every session of theirs has ended.`)).toBeInTheDocument();
    expect(within(rowOf(name)).getByText("Disabled")).toBeInTheDocument();
    expect(within(rowOf(name)).getByRole("button", { name: `Enable ${name}` })).toBeInTheDocument();
  });

  it("says when the staff cannot be loaded, and tries again", async () => {
    backend.server.use(http.get("*/api/staff", () => HttpResponse.json({ message: "Something went wrong on the server.", statusCode: 500 }, { status: 500 }), { once: true }));
    const services = await backend.signIn(admin());
    const actor = createActor(services.staffAdmin, { input: { selfId: admin().id } }).start();
    render(<StaffScreen actor={actor} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong on the server.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: /Staff accounts/ })).toBeInTheDocument();
  });
});
