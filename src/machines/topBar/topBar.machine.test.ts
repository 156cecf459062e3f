import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { manageHelpUrl, topBarMachine } from "./topBar.machine";

function start(loadPartnersUri: (userId: number) => Promise<string>) {
  return createActor(
    topBarMachine.provide({ actors: { loadPartnersUri: fromPromise(({ input }) => loadPartnersUri(input.userId)) } }),
    { input: { userId: 4, fallbackPortal: "https://portal.example/session-link" } },
  ).start();
}

describe("top bar machine", () => {
  it("points the logo at the partner portal address of getPartnersList", async () => {
    const actor = start(async (userId) => `https://portal.example/users/${userId}`);
    await waitFor(actor, (s) => s.matches({ portal: "ready" }));
    expect(actor.getSnapshot().context.portal).toBe("https://portal.example/users/4");
  });

  it("keeps the session's partner link when getPartnersList fails", async () => {
    const actor = start(async () => Promise.reject(new Error("offline")));
    await waitFor(actor, (s) => s.matches({ portal: "ready" }));
    expect(actor.getSnapshot().context.portal).toBe("https://portal.example/session-link");
  });

  it("closes the user menu when a dialog opens from it, and the dialog closes on request", async () => {
    const actor = start(async () => "https://portal.example/");
    actor.send({ type: "menu.toggle" });
    expect(actor.getSnapshot().matches({ menu: "open" })).toBe(true);
    actor.send({ type: "feedback.open" });
    expect(actor.getSnapshot().matches({ menu: "closed", dialog: "feedback" })).toBe(true);
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().matches({ dialog: "none" })).toBe(true);
  });

  it("builds the Manage Help address on the partner portal", () => {
    expect(manageHelpUrl("https://portal.example")).toBe("https://portal.example/manager-help");
    expect(manageHelpUrl("https://portal.example/app/")).toBe("https://portal.example/app/manager-help");
  });
});
