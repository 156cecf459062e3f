import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { staffMachine, type Practice, type StaffInput, type StaffMember } from "./staff.machine";

const practice = (id: number, practiceabbr: string): Practice => ({ id, practiceabbr, practice: `Practice ${practiceabbr}`, region: "SMD", brands: ["denta"] });
const PRACTICES = [practice(4, "SM-HOUS"), practice(9, "SM-KATY")];
const member = (id: number, firstname: string, overrides: Partial<StaffMember> = {}): StaffMember => ({
  id,
  email: `${firstname.toLowerCase()}@practice.example`,
  firstname,
  lastname: "Reed",
  isAdmin: false,
  defaultLocationId: "",
  disabled: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  lastSignInAt: null,
  ...overrides,
});
const STAFF = [member(1, "Alicia", { isAdmin: true }), member(2, "Marcus", { defaultLocationId: "9" })];

function start() {
  const stubs = {
    saveStaff: vi.fn(async ({ id, body }: { id: number | null; body: StaffInput }) => ({ ...member(id ?? 3, body.firstname), ...body })),
    setDisabled: vi.fn(async ({ id, disabled }: { id: number; disabled: boolean }) => ({ ...STAFF.find((row) => row.id === id)!, disabled })),
  };
  const actor = createActor(
    staffMachine.provide({
      actors: {
        load: fromPromise(async () => ({ staff: STAFF, practices: PRACTICES })),
        saveStaff: fromPromise(({ input }) => stubs.saveStaff(input)),
        setDisabled: fromPromise(({ input }) => stubs.setDisabled(input)),
      },
    }),
    { input: { selfId: 1 } },
  ).start();
  return { actor, stubs };
}

type Actor = ReturnType<typeof start>["actor"];
const browsing = (actor: Actor) => waitFor(actor, (s) => s.matches({ ready: "browsing" }));

describe("staff machine", () => {
  it("adds an account once e-mail and names are given, sending default practices in the list's order", async () => {
    const { actor, stubs } = start();
    await browsing(actor);
    actor.send({ type: "staff.add" });
    actor.send({ type: "staff.draft.change", field: "firstname", value: " Dana " });
    actor.send({ type: "staff.draft.change", field: "lastname", value: "Cho" });
    expect(actor.getSnapshot().can({ type: "staff.save" })).toBe(false);
    actor.send({ type: "staff.draft.change", field: "email", value: "dana.cho@practice.example" });
    actor.send({ type: "staff.draft.practice.toggle", id: 9 });
    actor.send({ type: "staff.draft.practice.toggle", id: 4 });
    actor.send({ type: "staff.draft.admin", isAdmin: true });
    actor.send({ type: "staff.save" });
    await browsing(actor);
    expect(stubs.saveStaff).toHaveBeenCalledWith({
      id: null,
      body: { email: "dana.cho@practice.example", firstname: "Dana", lastname: "Cho", isAdmin: true, defaultLocationId: "4;9" },
    });
    expect(actor.getSnapshot().context.staff.map((row) => row.firstname)).toEqual(["Alicia", "Marcus", "Dana"]);
    expect(actor.getSnapshot().context.notice).toBe("Dana Cho was added: they sign in with the account of dana.cho@practice.example.");
  });

  it("keeps the form open with the server's refusal and the field it names", async () => {
    const { actor, stubs } = start();
    stubs.saveStaff.mockRejectedValueOnce(
      Object.assign(new Error("There is already a staff member with the e-mail marcus@practice.example"), { statusCode: 409, details: [{ field: "email", message: "taken" }] }),
    );
    await browsing(actor);
    actor.send({ type: "staff.edit", id: 1 });
    actor.send({ type: "staff.draft.change", field: "email", value: "marcus@practice.example" });
    actor.send({ type: "staff.save" });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().matches({ ready: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.failure).toMatchObject({ statusCode: 409, fields: ["email"] });
    expect(actor.getSnapshot().context.draft).toMatchObject({ id: 1, email: "marcus@practice.example", isAdmin: true });
  });

  it("asks before disabling, and shows the account disabled once it is", async () => {
    const { actor, stubs } = start();
    await browsing(actor);
    actor.send({ type: "staff.disable", id: 2 });
    expect(actor.getSnapshot().matches({ ready: "confirmingDisable" })).toBe(true);
    actor.send({ type: "staff.cancel" });
    expect(stubs.setDisabled).not.toHaveBeenCalled();
    actor.send({ type: "staff.disable", id: 2 });
    actor.send({ type: "staff.confirm" });
    await browsing(actor);
    expect(stubs.setDisabled).toHaveBeenCalledWith({ id: 2, disabled: true });
    expect(actor.getSnapshot().context.staff.find((row) => row.id === 2)?.disabled).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe("Marcus Reed can no longer sign in: every session of theirs has ended.");
  });

  it("shows a refused disabling above the list, the account unchanged", async () => {
    const { actor, stubs } = start();
    stubs.setDisabled.mockRejectedValueOnce(Object.assign(new Error("This is the last enabled administrator"), { statusCode: 409 }));
    await browsing(actor);
    actor.send({ type: "staff.disable", id: 1 });
    actor.send({ type: "staff.confirm" });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().matches({ ready: "browsing" })).toBe(true);
    expect(actor.getSnapshot().context.staff.find((row) => row.id === 1)?.disabled).toBe(false);
  });
});
