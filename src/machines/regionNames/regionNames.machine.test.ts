import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { regionNamesMachine, type RegionName } from "./regionNames.machine";
import { selectMenuRegions } from "./regionNames.selectors";

function start(reads: (() => Promise<RegionName[]>)[]) {
  const load = vi.fn(() => reads.shift()!());
  const actor = createActor(regionNamesMachine.provide({ actors: { load: fromPromise(load) } })).start();
  return { actor, load };
}

const idle = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (s) => s.matches("idle"));

describe("region names machine", () => {
  it("reads the names when asked, and keeps the last names while reading again and when a read fails", async () => {
    let answer!: (regions: RegionName[]) => void;
    const { actor } = start([
      async () => [{ name: "SMD", title: "Smile Magic" }],
      () => new Promise((resolve) => (answer = resolve)),
      async () => Promise.reject(new Error("offline")),
    ]);
    expect(actor.getSnapshot().context.regions).toEqual([]);
    actor.send({ type: "regions.refresh" });
    await idle(actor);
    expect(actor.getSnapshot().context.regions).toEqual([{ name: "SMD", title: "Smile Magic" }]);

    actor.send({ type: "regions.refresh" });
    expect(actor.getSnapshot().context.regions).toEqual([{ name: "SMD", title: "Smile Magic" }]);
    answer([{ name: "SMD", title: "Bright Smiles" }]);
    await idle(actor);
    expect(actor.getSnapshot().context.regions).toEqual([{ name: "SMD", title: "Bright Smiles" }]);

    actor.send({ type: "regions.refresh" });
    await idle(actor);
    expect(actor.getSnapshot().context.regions).toEqual([{ name: "SMD", title: "Bright Smiles" }]);
  });

  it("reads once more when asked during a read, so a change made meanwhile is seen", async () => {
    let answer!: (regions: RegionName[]) => void;
    const { actor, load } = start([() => new Promise((resolve) => (answer = resolve)), async () => [{ name: "FSD", title: "Family Smiles South" }]]);
    actor.send({ type: "regions.refresh" });
    actor.send({ type: "regions.refresh" });
    answer([{ name: "FSD", title: "Family Smiles" }]);
    await waitFor(actor, (s) => s.matches("idle") && s.context.regions[0]?.title === "Family Smiles South");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("tells a first read ended, answered or failed, from names not read yet", async () => {
    const answered = start([async () => []]).actor;
    expect(selectMenuRegions(answered.getSnapshot())).toBeNull();
    answered.send({ type: "regions.refresh" });
    await idle(answered);
    expect(selectMenuRegions(answered.getSnapshot())).toEqual([]);
    answered.send({ type: "regions.forget" });
    expect(selectMenuRegions(answered.getSnapshot())).toBeNull();

    const failed = start([async () => Promise.reject(new Error("offline"))]).actor;
    failed.send({ type: "regions.refresh" });
    await idle(failed);
    expect(selectMenuRegions(failed.getSnapshot())).toEqual([]);
  });

  it("forgets the names at sign-out", async () => {
    const { actor } = start([async () => [{ name: "SMD", title: "Smile Magic" }]]);
    actor.send({ type: "regions.refresh" });
    await waitFor(actor, (s) => s.context.regions.length === 1);
    actor.send({ type: "regions.forget" });
    expect(actor.getSnapshot().context.regions).toEqual([]);
  });
});
