import { describe, expect, it } from "vitest";
import { isTimeZone, memberTimeZone, STATE_TIME_ZONES } from "./timeZones.ts";

describe("a member's time zone", () => {
  it("is its State's zone", () => {
    expect(memberTimeZone("CO", "America/Chicago")).toBe("America/Denver");
    expect(memberTimeZone("ca", "America/Chicago")).toBe("America/Los_Angeles");
    expect(memberTimeZone(" AZ ", "America/Chicago")).toBe("America/Phoenix");
  });

  it("is the practice's when the State spans zones, is missing or unknown", () => {
    expect(memberTimeZone("TX", "America/Denver")).toBe("America/Denver");
    expect(memberTimeZone("TX", "America/Chicago")).toBe("America/Chicago");
    expect(memberTimeZone("", "America/Denver")).toBe("America/Denver");
    expect(memberTimeZone("Texas", "America/Chicago")).toBe("America/Chicago");
  });

  it("knows every zone it names", () => {
    for (const zone of Object.values(STATE_TIME_ZONES)) if (zone) expect(isTimeZone(zone), zone).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
