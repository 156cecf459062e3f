import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { practicesAdminMachine, type Practice, type PracticeInput, type RegionSummary } from "./practicesAdmin.machine";
import { selectRegions } from "./practicesAdmin.selectors";

const PRACTICES: Practice[] = [{ id: 4, practice: "Smile Magic Houston", practiceabbr: "SM-HOUS", region: "SMD", brands: ["denta"] }];
const REGIONS: RegionSummary[] = ["3CD", "FSD", "OTD", "SMD"].map((name) => ({ name, title: `${name} group`, practices: name === "SMD" ? 1 : 0 }));

function start(regions: RegionSummary[] = REGIONS) {
  const stubs = {
    savePractice: vi.fn(async ({ id, body }: { id: number | null; body: PracticeInput }) => ({ id: id ?? 26, ...body, practiceabbr: body.practiceabbr.toUpperCase() })),
    saveRegion: vi.fn(async ({ name, title }: { adding: boolean; name: string; title: string }) => ({ name: name.toUpperCase(), title, practices: 0 })),
    removeRegion: vi.fn(async (_: { name: string }) => undefined),
  };
  const actor = createActor(
    practicesAdminMachine.provide({
      actors: {
        load: fromPromise(async () => ({ practices: PRACTICES, regions })),
        savePractice: fromPromise(({ input }) => stubs.savePractice(input)),
        saveRegion: fromPromise(({ input }) => stubs.saveRegion(input)),
        removeRegion: fromPromise(({ input }) => stubs.removeRegion(input)),
      },
    }),
  ).start();
  return { actor, stubs };
}

type Actor = ReturnType<typeof start>["actor"];
const browsing = (actor: Actor) => waitFor(actor, (s) => s.matches({ ready: "browsing" }));

describe("practices admin machine", () => {
  it("adds a practice once it has a name and a valid abbreviation; its region counts it", async () => {
    const { actor, stubs } = start();
    await browsing(actor);
    actor.send({ type: "practices.add" });
    actor.send({ type: "practices.draft.change", field: "practice", value: "Family Smiles Laredo" });
    actor.send({ type: "practices.draft.change", field: "practiceabbr", value: "fs lare" });
    expect(actor.getSnapshot().can({ type: "practices.save" })).toBe(false);
    actor.send({ type: "practices.draft.change", field: "practiceabbr", value: "fs-lare" });
    actor.send({ type: "practices.draft.region", region: "FSD" });
    actor.send({ type: "practices.draft.brand.toggle", brand: "mcna" });
    actor.send({ type: "practices.draft.brand.toggle", brand: "uhc" });
    actor.send({ type: "practices.draft.brand.toggle", brand: "mcna" });
    actor.send({ type: "practices.save" });
    await browsing(actor);
    expect(stubs.savePractice).toHaveBeenCalledWith({ id: null, body: { practice: "Family Smiles Laredo", practiceabbr: "fs-lare", region: "FSD", brands: ["uhc"] } });
    expect(actor.getSnapshot().context.notice).toBe("FS-LARE Family Smiles Laredo was added.");
    expect(selectRegions(actor.getSnapshot()).find((region) => region.name === "FSD")?.practices).toBe(1);
  });

  it("keeps the form open with an abbreviation in use, naming it", async () => {
    const { actor, stubs } = start();
    stubs.savePractice.mockRejectedValueOnce(Object.assign(new Error("The abbreviation SM-HOUS is used by Smile Magic Houston already"), { statusCode: 409, details: [{ field: "practiceabbr", message: "taken" }] }));
    await browsing(actor);
    actor.send({ type: "practices.add" });
    actor.send({ type: "practices.draft.change", field: "practice", value: "Another" });
    actor.send({ type: "practices.draft.change", field: "practiceabbr", value: "SM-HOUS" });
    actor.send({ type: "practices.save" });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().matches({ ready: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.failure?.fields).toEqual(["practiceabbr"]);
  });

  it("names a region", async () => {
    const { actor, stubs } = start();
    await browsing(actor);
    actor.send({ type: "regions.rename", name: "OTD" });
    expect(actor.getSnapshot().context.regionDraft).toEqual({ adding: false, name: "OTD", title: "OTD group" });
    actor.send({ type: "regions.draft.change", field: "title", value: " " });
    expect(actor.getSnapshot().can({ type: "regions.save" })).toBe(false);
    actor.send({ type: "regions.draft.change", field: "name", value: "XYZ" });
    actor.send({ type: "regions.draft.change", field: "title", value: "Bright Path Dental " });
    actor.send({ type: "regions.save" });
    await browsing(actor);
    expect(stubs.saveRegion).toHaveBeenCalledWith({ adding: false, name: "OTD", title: "Bright Path Dental" });
    expect(actor.getSnapshot().context.regions.find((region) => region.name === "OTD")?.title).toBe("Bright Path Dental");
  });

  it("adds a region once it has a valid code and a name, in code order", async () => {
    const { actor, stubs } = start();
    await browsing(actor);
    actor.send({ type: "regions.add" });
    actor.send({ type: "regions.draft.change", field: "name", value: "n tx" });
    actor.send({ type: "regions.draft.change", field: "title", value: "North Texas" });
    expect(actor.getSnapshot().can({ type: "regions.save" })).toBe(false);
    actor.send({ type: "regions.draft.change", field: "name", value: "ntx" });
    actor.send({ type: "regions.save" });
    await browsing(actor);
    expect(stubs.saveRegion).toHaveBeenCalledWith({ adding: true, name: "ntx", title: "North Texas" });
    expect(actor.getSnapshot().context.regions.map((region) => region.name)).toEqual(["3CD", "FSD", "NTX", "OTD", "SMD"]);
    expect(actor.getSnapshot().context.notice).toBe("NTX North Texas was added.");
  });

  it("removes a region after the administrator's yes; a refusal naming its practices stays on the screen", async () => {
    const { actor, stubs } = start();
    await browsing(actor);
    actor.send({ type: "regions.remove", name: "3CD" });
    expect(actor.getSnapshot().matches({ ready: "confirmingRemoval" })).toBe(true);
    actor.send({ type: "practices.cancel" });
    expect(stubs.removeRegion).not.toHaveBeenCalled();
    actor.send({ type: "regions.remove", name: "3CD" });
    actor.send({ type: "regions.remove.confirm" });
    await browsing(actor);
    expect(stubs.removeRegion).toHaveBeenCalledWith({ name: "3CD" });
    expect(actor.getSnapshot().context.regions.map((region) => region.name)).toEqual(["FSD", "OTD", "SMD"]);
    expect(actor.getSnapshot().context.notice).toBe("3CD 3CD group was removed.");

    stubs.removeRegion.mockRejectedValueOnce(Object.assign(new Error("SMD has practices: SM-HOUS. Move them to another region first"), { statusCode: 409, details: [{ field: "name", message: "has practices" }] }));
    actor.send({ type: "regions.remove", name: "SMD" });
    actor.send({ type: "regions.remove.confirm" });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().matches({ ready: "browsing" })).toBe(true);
    expect(actor.getSnapshot().context.failure?.message).toBe("SMD has practices: SM-HOUS. Move them to another region first");
    expect(actor.getSnapshot().context.regions.some((region) => region.name === "SMD")).toBe(true);
  });

  it("offers no region to a new practice while there is none, and will not save it", async () => {
    const { actor } = start([]);
    await browsing(actor);
    actor.send({ type: "practices.add" });
    actor.send({ type: "practices.draft.change", field: "practice", value: "Smile Magic Houston" });
    actor.send({ type: "practices.draft.change", field: "practiceabbr", value: "SM-HOUS" });
    expect(actor.getSnapshot().context.draft?.region).toBe("");
    expect(actor.getSnapshot().can({ type: "practices.save" })).toBe(false);
  });
});
