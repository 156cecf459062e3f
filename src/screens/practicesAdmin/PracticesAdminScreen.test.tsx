import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { PracticesAdminScreen } from "./PracticesAdminScreen";

// Typing whole forms takes a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const backend = setupFakeBackend();
const admin = () => backend.db.users.find((user) => user.isAdmin)!;

async function renderScreen() {
  const services = await backend.signIn(admin());
  const actor = createActor(services.practicesAdmin).start();
  render(<PracticesAdminScreen actor={actor} />);
  await screen.findByRole("table", { name: /^Practices/ });
  return userEvent.setup();
}

const regionRow = (name: string) => within(screen.getByRole("table", { name: /^Regions/ })).getByRole("rowheader", { name }).closest("tr")!;

describe("Practices and regions screen", () => {
  it("adds a practice to its region, with its payers, and counts it there", async () => {
    const user = await renderScreen();
    const before = Number(within(regionRow("FSD")).getAllByRole("cell")[1]!.textContent);
    await user.click(screen.getByRole("button", { name: "Add practice" }));
    const form = screen.getByRole("dialog", { name: "Add a practice" });
    await user.type(within(form).getByLabelText("Name"), "Family Smiles Zapata");
    await user.type(within(form).getByLabelText(/^Abbreviation/), "fs-zapa");
    await user.selectOptions(within(form).getByLabelText("Region"), "FSD");
    await user.click(within(form).getByRole("checkbox", { name: "MCNA" }));
    await user.click(within(form).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("FS-ZAPA Family Smiles Zapata was added.")).toBeInTheDocument();
    const row = screen.getByRole("rowheader", { name: "FS-ZAPA" }).closest("tr")!;
    expect(within(row).getByText("Family Smiles Zapata")).toBeInTheDocument();
    expect(within(row).getByText("MCNA")).toBeInTheDocument();
    expect(Number(within(regionRow("FSD")).getAllByRole("cell")[1]!.textContent)).toBe(before + 1);
  });

  it("keeps the form open on an abbreviation in use, saying whose it is", async () => {
    const user = await renderScreen();
    const taken = backend.db.practices[0]!;
    await user.click(screen.getByRole("button", { name: "Add practice" }));
    const form = screen.getByRole("dialog", { name: "Add a practice" });
    await user.type(within(form).getByLabelText("Name"), "Copy");
    await user.type(within(form).getByLabelText(/^Abbreviation/), taken.practiceabbr);
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(`The abbreviation ${taken.practiceabbr} is used by ${taken.practice} already`);
  });

  it("renames a region", async () => {
    const user = await renderScreen();
    await user.click(screen.getByRole("button", { name: "Rename OTD" }));
    const form = screen.getByRole("dialog", { name: "Rename OTD" });
    const field = within(form).getByLabelText("Name of OTD");
    await user.clear(field);
    await user.type(field, "North Texas Dental");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("OTD is now called North Texas Dental.")).toBeInTheDocument();
    expect(within(regionRow("OTD")).getByText("North Texas Dental")).toBeInTheDocument();
  });

  it("adds a region, then removes it; a region with practices stays, its practices named", async () => {
    const user = await renderScreen();
    await user.click(screen.getByRole("button", { name: "Add region" }));
    const form = screen.getByRole("dialog", { name: "Add a region" });
    await user.type(within(form).getByLabelText(/^Code/), "ntx");
    await user.type(within(form).getByLabelText("Name"), "North Texas");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("NTX North Texas was added.")).toBeInTheDocument();
    expect(within(regionRow("NTX")).getByText("North Texas")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove NTX" }));
    await user.click(within(screen.getByRole("dialog", { name: "Remove NTX North Texas?" })).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("NTX North Texas was removed.")).toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: /^Regions/ })).queryByRole("rowheader", { name: "NTX" })).toBeNull();

    const smd = backend.db.practices.filter((practice) => practice.region === "SMD").map((practice) => practice.practiceabbr).sort();
    await user.click(screen.getByRole("button", { name: "Remove SMD" }));
    await user.click(within(screen.getByRole("dialog", { name: /^Remove SMD/ })).getByRole("button", { name: "Remove" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(`SMD has practices: ${smd.join(", ")}. Move them to another region first`);
    expect(regionRow("SMD")).toBeInTheDocument();
  });
});
