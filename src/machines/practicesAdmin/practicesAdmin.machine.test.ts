import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { practicesAdminMachine, type Practice, type PracticeInput, type RegionSummary } from "./practicesAdmin.machine";
import { selectRegions } from "./practicesAdmin.selectors";

const PRACTICES: Practice[] = [{ id: 4, practice: "Smile Magic Houston", practiceabbr: "SM-HOUS", region: "SMD", brands: ["denta"] }];
const REGIONS: RegionSummary[] = (["3CD", "FSD", "OTD", "SMD"] as const).map((name) => ({ name, title: `${name} group`, practices: name === "SMD" ? 1 : 0 }));

function start() {
  const stubs = {
    savePractice: vi.fn(async ({ id, body }: { id: number | null; body: PracticeInput }) => ({ id: id ?? 26, ...body, practiceabbr: body.practiceabbr.toUpperCase() })),
    renameRegion: vi.fn(async ({ name, title }: { name: RegionSummary["name"]; title: string }) => ({ name, title, practices: 0 })),
  };
  const actor = createActor(
    practicesAdminMachine.provide({
      actors: {
        load: fromPromise(async () => ({ practices: PRACTICES, regions: REGIONS })),
        savePractice: fromPromise(({ input }) => stubs.savePractice(input)),
        renameRegion: fromPromise(({ input }) => stubs.renameRegion(input)),
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
    expect(actor.getSnapshot().context.regionDraft).toEqual({ name: "OTD", title: "OTD group" });
    actor.send({ type: "regions.draft.change", title: " " });
    expect(actor.getSnapshot().can({ type: "regions.save" })).toBe(false);
    actor.send({ type: "regions.draft.change", title: "Bright Path Dental " });
    actor.send({ type: "regions.save" });
    await browsing(actor);
    expect(stubs.renameRegion).toHaveBeenCalledWith({ name: "OTD", title: "Bright Path Dental" });
    expect(actor.getSnapshot().context.regions.find((region) => region.name === "OTD")?.title).toBe("Bright Path Dental");
  });
});
