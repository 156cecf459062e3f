// @vitest-environment node
// When a take asks for the hopper to be topped up: below the low mark when the last fill filled it,
// and only once a fill's worth was taken when the last fill found fewer members than the level.
import { describe, expect, it } from "vitest";
import { HOPPER_LEVEL, HOPPER_LOW, hopperAfterTake } from "./hopper.repository.ts";

const now = new Date("2026-11-30T15:00:00Z");
const moment = { openZones: ["America/Chicago"], now, claimsNow: now };
const after = (left: number, lastFilled?: number) =>
  hopperAfterTake({ hopper_left: left, hopper_filled_at: now, hopper_zones: "America/Chicago" }, moment, lastFilled).wantsFill;

describe("a take's call for a fill", () => {
  it("comes below the low mark when the last fill filled the hopper, or when no fill of this instance is known", () => {
    expect(after(HOPPER_LOW, HOPPER_LEVEL)).toBe(false);
    expect(after(HOPPER_LOW - 1, HOPPER_LEVEL)).toBe(true);
    expect(after(HOPPER_LOW - 1)).toBe(true);
  });

  it("waits, when the last fill found fewer members than the level, until far fewer are left", () => {
    expect(after(149, 150)).toBe(false);
    expect(after(100, 150)).toBe(false);
    expect(after(99, 150)).toBe(true);
    expect(after(HOPPER_LEVEL - 101, HOPPER_LEVEL - 100)).toBe(false);
    expect(after(HOPPER_LOW - 101, HOPPER_LEVEL - 100)).toBe(true);
  });

  it("comes whatever is left when the hopper was topped up long ago or for other zones", () => {
    expect(hopperAfterTake({ hopper_left: 149, hopper_filled_at: new Date(now.getTime() - 60_000), hopper_zones: "America/Chicago" }, moment, 150).wantsFill).toBe(true);
    expect(hopperAfterTake({ hopper_left: 149, hopper_filled_at: now, hopper_zones: "America/New_York" }, moment, 150).wantsFill).toBe(true);
  });
});
