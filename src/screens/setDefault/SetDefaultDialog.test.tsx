import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createServices } from "../../app/services";
import { SetDefaultDialog } from "./SetDefaultDialog";

const practicesList = [
  { id: 9, practice: "Family Smiles Dallas", practiceabbr: "FSD-DALL", region: "FSD", brands: ["denta"] },
  { id: 3, practice: "Smile Magic Austin", practiceabbr: "SMD-AUST", region: "SMD", brands: ["mcna"] },
  { id: 4, practice: "Smile Magic Waco", practiceabbr: "SMD-WACO", region: "SMD", brands: ["uhc"] },
];

/** A tiny setup store: what was saved is what the next load answers. */
let saved: { appId: "call_center"; field: "practice" | "status"; value: string }[] = [];

const server = setupServer(
  http.get("*/api/Members/practicesList/:id", () => HttpResponse.json({ practicesList })),
  http.get("*/api/userSetup/:params", () => HttpResponse.json(saved)),
  http.post("*/api/userSetup", async ({ request }) => {
    const record = (await request.json()) as (typeof saved)[number];
    saved = [...saved.filter((row) => row.field !== record.field), record];
    return HttpResponse.json(record);
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  server.resetHandlers();
  saved = [];
});
afterAll(() => server.close());

function renderDialog() {
  const { setDefault } = createServices({ baseUrl: "http://localhost/api", navigate: () => {} });
  const reloadPage = vi.fn();
  const onClose = vi.fn();
  render(
    <SetDefaultDialog
      machine={setDefault.provide({ actions: { reloadPage } })}
      user={{ userId: 2, defaultLocationId: "3" }}
      onClose={onClose}
    />,
  );
  return { reloadPage, onClose, user: userEvent.setup() };
}

describe("Set Default dialog", () => {
  it("preselects the current defaults, saves the new choice and reloads the page", async () => {
    saved = [{ appId: "call_center", field: "status", value: "New Patient" }];
    const { user, reloadPage } = renderDialog();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your defaults…");

    const practices = await screen.findByRole("group", { name: "Default practices" });
    expect(within(practices).getByRole("checkbox", { name: /SMD-AUST/ })).toBeChecked();
    expect(within(practices).getByRole("checkbox", { name: /FSD-DALL/ })).not.toBeChecked();
    expect(screen.getByLabelText("Default status filter")).toHaveValue("New Patient");
    const { violations } = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    await user.click(within(practices).getByRole("checkbox", { name: /FSD-DALL/ }));
    await user.selectOptions(screen.getByLabelText("Default status filter"), "All");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Saved. Reloading the page…")).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([
      { appId: "call_center", field: "practice", value: "9;3" },
      { appId: "call_center", field: "status", value: "all" },
    ]);
  });

  it("shows why saving failed, keeps the choice and does not reload", async () => {
    server.use(
      http.post("*/api/userSetup", () =>
        HttpResponse.json({ message: "Invalid request: value", statusCode: 400 }, { status: 400 }),
      ),
    );
    const { user, reloadPage } = renderDialog();
    await user.click(await screen.findByRole("checkbox", { name: /SMD-WACO/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid request: value (status 400)");
    expect(screen.getByRole("checkbox", { name: /SMD-WACO/ })).toBeChecked();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("offers to try again when the defaults cannot be loaded, and says when there is nothing to choose", async () => {
    server.use(
      http.get("*/api/userSetup/:params", () => HttpResponse.json({ message: "Unavailable", statusCode: 503 }, { status: 503 }), {
        once: true,
      }),
      http.get("*/api/Members/practicesList/:id", () => HttpResponse.json({ practicesList: [] })),
    );
    const { user } = renderDialog();
    expect(await screen.findByRole("alert")).toHaveTextContent("Unavailable (status 503)");

    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No practices are available to you, so there is no default to set.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
  });
});
