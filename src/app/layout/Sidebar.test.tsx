import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { http } from "msw";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { ServicesContext } from "../ServicesContext";
import { Sidebar } from "./Sidebar";
import { useRegionNames } from "./useRegionNames";
import type { Services } from "../services";

const backend = setupFakeBackend();

/** The menu as the layout shows it: with the regions' names read as the layout reads them. */
function Menu({ services }: { services: Services }) {
  useRegionNames(services.regionNames);
  return <Sidebar id="main-menu" />;
}

/** The menu of a signed-in agent, on `path`. */
async function renderSidebar(path: string) {
  const services = await backend.signIn(backend.db.users.find((user) => !user.isAdmin)!);
  services.shell.start();
  services.regionNames.start();
  const location = memoryLocation({ path });
  render(
    <ServicesContext.Provider value={services}>
      <Router hook={location.hook}>
        <Menu services={services} />
      </Router>
    </ServicesContext.Provider>,
  );
  return { user: userEvent.setup(), navigate: location.navigate, menu: screen.getByRole("navigation", { name: "Main menu" }) };
}

const group = (menu: HTMLElement, name: string) => within(menu).getByRole("button", { name });

describe("Sidebar", () => {
  it("opens the group of the page shown, with that page marked current, and keeps the others closed", async () => {
    const { menu } = await renderSidebar("/deleted-appointments/summary");

    expect(group(menu, "DELETED APPOINTMENTS")).toHaveAttribute("aria-expanded", "true");
    expect(within(menu).getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
    expect(within(menu).getByRole("link", { name: "By Group" })).toBeVisible();
    expect(group(menu, "MEMBERS")).toHaveAttribute("aria-expanded", "false");
    expect(within(menu).queryByRole("link", { name: "Smile Magic" })).not.toBeInTheDocument();
    const { violations } = await axe.run(menu, { rules: { "color-contrast": { enabled: false } } });
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("expands and collapses a group by click and from the keyboard", async () => {
    const { menu, user } = await renderSidebar("/dashboard");
    const deleted = group(menu, "DELETED APPOINTMENTS");
    expect(deleted).toHaveAttribute("aria-expanded", "false");

    await user.click(deleted);
    expect(deleted).toHaveAttribute("aria-expanded", "true");
    expect(within(menu).getByRole("link", { name: "Details" })).toHaveAttribute("href", "/deleted-appointments/details");

    deleted.focus();
    await user.keyboard("{Enter}");
    expect(deleted).toHaveAttribute("aria-expanded", "false");
    expect(within(menu).queryByRole("link", { name: "Details" })).not.toBeInTheDocument();
    await user.keyboard(" ");
    expect(deleted).toHaveAttribute("aria-expanded", "true");
  });

  it("opens a closed group when one of its pages is shown, and leaves open groups open", async () => {
    const { menu, user, navigate } = await renderSidebar("/dashboard");
    await user.click(group(menu, "DELETED APPOINTMENTS"));

    act(() => navigate("/members/family-smiles"));
    expect(group(menu, "MEMBERS")).toHaveAttribute("aria-expanded", "true");
    expect(await within(menu).findByRole("link", { name: "Family Smiles" })).toHaveAttribute("aria-current", "page");
    expect(group(menu, "DELETED APPOINTMENTS")).toHaveAttribute("aria-expanded", "true");
  });

  it("shows the regions' current names: a rename elsewhere reaches the menu when the window comes back to the front", async () => {
    const { menu } = await renderSidebar("/members/smile-magic");
    expect(await within(menu).findByRole("link", { name: "Smile Magic" })).toHaveAttribute("href", "/members/smile-magic");
    backend.db.regions.find((region) => region.name === "SMD")!.title = "Bright Smiles";
    act(() => void window.dispatchEvent(new Event("focus")));
    expect(await within(menu).findByRole("link", { name: "Bright Smiles" })).toHaveAttribute("aria-current", "page");
    expect(within(menu).queryByRole("link", { name: "Smile Magic" })).not.toBeInTheDocument();
  });

  it("keeps the places of the region entries, hidden, until the regions' names arrive, so the entries under them do not move", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Falls through to the fake backend's own answer once released.
    backend.server.use(http.get("*/api/Members/regionsList", async () => void (await held)));
    const { menu } = await renderSidebar("/members/all");
    const members = () => within(menu).getByRole("link", { name: "All" }).closest("ul")!;

    expect(members().querySelectorAll(":scope > li")).toHaveLength(3);
    expect(within(members()).getAllByRole("listitem")).toHaveLength(1);
    expect(within(menu).queryByRole("link", { name: "Smile Magic" })).not.toBeInTheDocument();
    const allAt = [...members().children].indexOf(within(menu).getByRole("link", { name: "All" }).closest("li")!);

    release();
    expect(await within(menu).findByRole("link", { name: "Smile Magic" })).toBeVisible();
    expect(members().querySelectorAll(":scope > li")).toHaveLength(3);
    expect([...members().children].indexOf(within(menu).getByRole("link", { name: "All" }).closest("li")!)).toBe(allAt);
  });
});
