import { describe, expect, it } from "vitest";
import { statusFromAppointments } from "./memberStatus.ts";

describe("a member's Status from the practice's appointments", () => {
  it("is Recare Future Appointment with one scheduled ahead after a visit, New Patient With Apt before any", () => {
    expect(statusFromAppointments("New Patient", { hasComplete: true, hasFutureScheduled: true })).toBe("Recare Future Appointment");
    expect(statusFromAppointments("New Patient", { hasComplete: false, hasFutureScheduled: true })).toBe("New Patient With Apt");
  });

  it("is Recare No Future Appointment after a visit with none ahead, New Patient when never seen", () => {
    expect(statusFromAppointments("Recare Future Appointment", { hasComplete: true, hasFutureScheduled: false })).toBe("Recare No Future Appointment");
    expect(statusFromAppointments("Recare Future Appointment", { hasComplete: false, hasFutureScheduled: false })).toBe("New Patient");
  });

  it("leaves the call center's Dropped Patient and Duplicate SubID alone", () => {
    expect(statusFromAppointments("Dropped Patient", { hasComplete: true, hasFutureScheduled: true })).toBe("Dropped Patient");
    expect(statusFromAppointments("Duplicate SubID", { hasComplete: false, hasFutureScheduled: false })).toBe("Duplicate SubID");
  });
});
