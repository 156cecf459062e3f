import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { setupFakeBackend, type DemoUser } from "../../../tests/fakeBackend";
import { ServicesContext } from "../ServicesContext";
import { Layout } from "./Layout";

const backend = setupFakeBackend();

const named = (firstname: string) => backend.db.users.find((user) => user.firstname === firstname)!;

async function renderLayoutOf(user: DemoUser) {
  const services = await backend.signIn(user);
  services.shell.start();
  render(
    <ServicesContext.Provider value={services}>
      <Layout>
        <h1>Page</h1>
      </Layout>
    </ServicesContext.Provider>,
  );
  // The top bar asks for the partner portal's address when it opens: settled once it has it.
  await waitFor(() => expect(screen.getByRole("link", { name: /partner portal/ })).toHaveAttribute("href", expect.stringMatching(/^http/)));
  return within(screen.getByRole("banner"));
}

describe("Top bar avatar", () => {
  it("shows the user's profile picture, and announces the name once", async () => {
    const alicia = named("Alicia");
    expect(alicia.profilePicture).toMatch(/^data:image\/svg\+xml;base64,/);
    const banner = await renderLayoutOf(alicia);

    const button = banner.getByRole("button", { name: "Alicia Moreno" });
    const picture = within(button).getByRole("presentation");
    expect(picture).toHaveAttribute("src", alicia.profilePicture);
    expect(picture).toHaveAttribute("alt", "");
    expect(within(button).queryByText("AM")).not.toBeInTheDocument();
    const { violations } = await axe.run(screen.getByRole("banner"), { rules: { "color-contrast": { enabled: false } } });
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("falls back to the initials when the picture does not load", async () => {
    const banner = await renderLayoutOf(named("Alicia"));
    const button = banner.getByRole("button", { name: "Alicia Moreno" });

    fireEvent.error(within(button).getByRole("presentation"));

    expect(within(button).queryByRole("presentation")).not.toBeInTheDocument();
    expect(within(button).getByText("AM")).toHaveAttribute("aria-hidden", "true");
    expect(banner.getByRole("button", { name: "Alicia Moreno" })).toBe(button);
  });

  it("shows the initials of a user without a picture", async () => {
    const agent = backend.db.users.find((user) => user.profilePicture === "")!;
    const banner = await renderLayoutOf(agent);
    const name = `${agent.firstname} ${agent.lastname}`;

    const button = banner.getByRole("button", { name });
    expect(within(button).queryByRole("img")).not.toBeInTheDocument();
    expect(within(button).queryByRole("presentation")).not.toBeInTheDocument();
    expect(within(button).getByText(`${agent.firstname[0]}${agent.lastname[0]}`.toUpperCase())).toHaveAttribute("aria-hidden", "true");
  });
});
