import { describe, expect, it } from "vitest";
import { hasAppointmentAhead, latestAppointment } from "./practiceSchedule.ts";

const NOW = Date.parse("2026-11-20T12:00:00Z");

describe("the practice's schedule for the queue", () => {
  it("holds a member only for a Scheduled appointment after now", () => {
    expect(hasAppointmentAhead([{ status: "Scheduled", startsAt: "2026-11-21T09:00:00Z" }], NOW)).toBe(true);
    expect(hasAppointmentAhead([{ status: "Scheduled", startsAt: "2026-11-19T09:00:00Z" }], NOW)).toBe(false);
    expect(hasAppointmentAhead([{ status: "Broken", startsAt: "2026-11-21T09:00:00Z" }], NOW)).toBe(false);
  });

  it("shows the latest appointment by its time, or none", () => {
    expect(latestAppointment([])).toBeNull();
    const latest = latestAppointment([
      { status: "Complete", startsAt: "2026-05-02T15:00:00Z" },
      { status: "Broken", startsAt: "2026-11-18T15:00:00-06:00" },
      { status: "Unscheduled", startsAt: "2026-09-01T15:00:00Z" },
    ]);
    expect(latest).toEqual({ status: "Broken", startsAt: "2026-11-18T21:00:00.000Z" });
  });
});
