import { expect, it } from "vitest";
import { NO_TARGETS_WARNING, targetsCountOf } from "./campaignTargets.ts";

it("warns about targets matching nobody, and only then", () => {
  expect(targetsCountOf(0)).toEqual({ count: 0, warning: NO_TARGETS_WARNING });
  expect(targetsCountOf(1)).toEqual({ count: 1, warning: null });
});
