import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useActorRef } from "@xstate/react";
import axe from "axe-core";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import type { SetDefaultInput, setDefaultMachine } from "../../machines/setDefault/setDefault.machine";
import { SetDefaultDialog } from "./SetDefaultDialog";

const backend = setupFakeBackend();

const agent = () => backend.db.users.find((user) => !user.isAdmin)!;

/** The dialog with its machine running while it is open, as src/app runs it. */
function OpenSetDefault({ machine, user, onClose }: { machine: typeof setDefaultMachine; user: SetDefaultInput; onClose: () => void }) {
  const actor = useActorRef(machine, { input: user });
  return <SetDefaultDialog actor={actor} onClose={onClose} />;
}

/** The dialog of a signed-in agent whose default practice is the group's first; reloading is a spy. */
async function renderDialog() {
  const { setDefault } = await backend.signIn(agent());
  const defaultLocationId = backend.db.practices.slice(0, 1).map((practice) => practice.id).join(";");
  const reloadPage = vi.fn();
  const open = () =>
    render(
      <OpenSetDefault
        machine={setDefault.provide({ actions: { reloadPage } })}
        user={{ userId: agent().id, defaultLocationId }}
        onClose={() => {}}
      />,
    );
  return { reloadPage, open, view: open(), user: userEvent.setup() };
}

/** A practice's checkbox, named as the dialog lists it. */
const practiceBox = (scope: HTMLElement, index: number) => {
  const practice = backend.db.practices[index]!;
  return within(scope).getByRole("checkbox", { name: `${practice.practiceabbr} ${practice.practice}` });
};

describe("Set Default dialog", () => {
  it("preselects the current defaults, saves the new choice and reloads the page", async () => {
    backend.db.setups.push({ userId: agent().id, appId: "call_center", field: "status", value: "New Patient" });
    const { user, reloadPage, open, view } = await renderDialog();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your defaults…");

    const practices = await screen.findByRole("group", { name: "Default practices" });
    expect(practiceBox(practices, 0)).toBeChecked();
    expect(practiceBox(practices, 1)).not.toBeChecked();
    expect(screen.getByLabelText("Default status filter")).toHaveValue("New Patient");
    const { violations } = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    await user.click(practiceBox(practices, 1));
    await user.selectOptions(screen.getByLabelText("Default status filter"), "All");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Saved. Reloading the page…")).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);

    // After the reload, the dialog opens on what was saved.
    view.unmount();
    open();
    const saved = await screen.findByRole("group", { name: "Default practices" });
    expect(practiceBox(saved, 0)).toBeChecked();
    expect(practiceBox(saved, 1)).toBeChecked();
    expect(screen.getByLabelText("Default status filter")).toHaveValue("all");
  });

  it("shows why saving failed, keeps the choice and does not reload", async () => {
    const { user, reloadPage } = await renderDialog();
    const chosen = practiceBox(await screen.findByRole("group", { name: "Default practices" }), 2);
    await user.click(chosen);
    // The practice closes while the dialog is open: the backend refuses a default naming it.
    backend.db.practices.splice(2, 1);
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid request: value (status 400)");
    expect(chosen).toBeChecked();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("offers to try again when the defaults cannot be loaded, and says when there is nothing to choose", async () => {
    // The fake backend answers every valid setup read; only an outage makes it fail.
    backend.server.use(
      http.get("*/api/userSetup/:params", () => HttpResponse.json({ message: "Unavailable", statusCode: 503 }, { status: 503 }), {
        once: true,
      }),
    );
    backend.db.practices.length = 0;
    const { user } = await renderDialog();
    expect(await screen.findByRole("alert")).toHaveTextContent("Unavailable (status 503)");

    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No practices are available to you, so there is no default to set.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
  });
});
