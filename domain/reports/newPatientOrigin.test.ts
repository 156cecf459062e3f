import { describe, expect, it } from "vitest";
import { zonedDate } from "../calendar.ts";
import { monthsOutsideOffer, offeredMonths } from "./newPatientOrigin.ts";

describe("New Patient Origin months", () => {
  it("offers the last 24 months, this month first", () => {
    const months = offeredMonths("2026-11-16");
    expect(months).toHaveLength(24);
    expect(months[0]).toBe("2026-11");
    expect(months[1]).toBe("2026-10");
    expect(months[10]).toBe("2026-01");
    expect(months[11]).toBe("2025-12");
    expect(months[23]).toBe("2024-12");
    expect(new Set(months).size).toBe(24);
  });

  it("starts from the current month in Chicago (late evening of the 31st is not yet next month)", () => {
    expect(offeredMonths(zonedDate(new Date("2026-11-01T03:00:00Z")))[0]).toBe("2026-10");
  });

  it("names each month asked for that is not offered", () => {
    expect(monthsOutsideOffer(["2026-11", "2024-12"], "2026-11-16")).toEqual([]);
    expect(monthsOutsideOffer(["2026-11", "2024-11", "2026-12"], "2026-11-16")).toEqual([
      { field: "params.date.1", message: "must be one of the last 24 months" },
      { field: "params.date.2", message: "must be one of the last 24 months" },
    ]);
  });
});
