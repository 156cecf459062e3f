// The lane of saves: never more at once than its places, every work run, in order of arrival.
import { describe, expect, it } from "vitest";
import { writeLane } from "./writeLane.ts";

describe("a write lane", () => {
  it("runs at most its places at once, the rest in order as places free up, and passes results and errors through", async () => {
    const lane = writeLane(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number) => lane(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((done) => setTimeout(done, 5));
      running -= 1;
      order.push(n);
      if (n === 3) throw new Error("three");
      return n;
    });
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map(work));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : String(outcome.reason)))).toEqual([1, 2, "Error: three", 4, 5]);
    expect(await lane(async () => "after")).toBe("after");
  });
});
