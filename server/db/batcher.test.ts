// What many callers ask at once goes into one run once the run in flight is done, each caller
// answered from it; a run's failure fails only its own callers.
import { describe, expect, it } from "vitest";
import { batcher } from "./batcher.ts";

describe("batcher", () => {
  it("runs at once when idle, and puts what is asked meanwhile into the next run, answering each caller", async () => {
    const runs: number[][] = [];
    let finishFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (finishFirst = resolve));
    const double = batcher(async (items: number[]) => {
      runs.push(items);
      if (runs.length === 1) await firstHeld;
      return items.map((item) => item * 2);
    });
    const first = double(1);
    const later = [double(2), double(3), double(4)];
    expect(runs).toEqual([[1]]);
    finishFirst();
    expect(await first).toBe(2);
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it("rejects the callers of a run that failed, and runs the next ones", async () => {
    let fail = true;
    const echo = batcher(async (items: string[]) => {
      if (fail) throw new Error("the database went away");
      return items;
    });
    await expect(echo("a")).rejects.toThrow("the database went away");
    fail = false;
    expect(await echo("b")).toBe("b");
  });
});
