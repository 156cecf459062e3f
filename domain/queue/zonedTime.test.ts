import { describe, expect, it } from "vitest";
import { isInCallingWindow, nextWindowOpening, windowText } from "./callingWindow.ts";
import { DEFAULT_QUEUE_RULES } from "./rules.ts";
import { instantOfLocal, localTimeOf, nextLocalMidnight } from "./zonedTime.ts";

const at = (iso: string) => Date.parse(iso);
const WINDOW = DEFAULT_QUEUE_RULES.callingWindow;

describe("local time in a zone", () => {
  it("reads the local day and minute of an instant", () => {
    expect(localTimeOf(at("2026-11-16T14:00:00Z"), "America/Chicago")).toEqual({ date: "2026-11-16", minutes: 8 * 60 });
    expect(localTimeOf(at("2026-11-16T05:59:59Z"), "America/Chicago")).toEqual({ date: "2026-11-15", minutes: 23 * 60 + 59 });
    expect(localTimeOf(at("2026-11-16T15:00:00Z"), "America/Denver")).toEqual({ date: "2026-11-16", minutes: 8 * 60 });
  });

  it("reads every instant of a minute alike, and each answer is the caller's own", () => {
    const first = localTimeOf(at("2026-11-16T13:59:00Z"), "America/Chicago");
    first.minutes = 0;
    expect(localTimeOf(at("2026-11-16T13:59:59.999Z"), "America/Chicago")).toEqual({ date: "2026-11-16", minutes: 7 * 60 + 59 });
    expect(localTimeOf(at("2026-11-16T14:00:00Z"), "America/Chicago")).toEqual({ date: "2026-11-16", minutes: 8 * 60 });
    expect(localTimeOf(at("2026-11-16T14:00:30Z"), "America/New_York")).toEqual({ date: "2026-11-16", minutes: 9 * 60 });
  });

  it("finds the instant of a local minute, summer and winter, and across a change of the clocks", () => {
    expect(new Date(instantOfLocal("2026-11-16", 8 * 60, "America/Chicago")).toISOString()).toBe("2026-11-16T14:00:00.000Z");
    expect(new Date(instantOfLocal("2026-07-01", 8 * 60, "America/Chicago")).toISOString()).toBe("2026-07-01T13:00:00.000Z");
    // 8 March 2026: the clocks spring forward at 2:00, the day has 23 hours.
    expect(new Date(instantOfLocal("2026-03-08", 8 * 60, "America/Chicago")).toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(new Date(instantOfLocal("2026-03-08", 0, "America/Chicago")).toISOString()).toBe("2026-03-08T06:00:00.000Z");
    // 1 November 2026: they fall back, the day has 25 hours.
    expect(new Date(instantOfLocal("2026-11-01", 21 * 60, "America/Chicago")).toISOString()).toBe("2026-11-02T03:00:00.000Z");
  });

  it("finds the next local midnight, on days of 23 and 25 hours too", () => {
    expect(new Date(nextLocalMidnight(at("2026-11-16T20:00:00Z"), "America/Chicago")).toISOString()).toBe("2026-11-17T06:00:00.000Z");
    expect(new Date(nextLocalMidnight(at("2026-03-08T12:00:00Z"), "America/Chicago")).toISOString()).toBe("2026-03-09T05:00:00.000Z");
    expect(new Date(nextLocalMidnight(at("2026-11-01T12:00:00Z"), "America/Chicago")).toISOString()).toBe("2026-11-02T06:00:00.000Z");
  });
});

describe("the calling window (8:00 to 21:00 by default)", () => {
  it("opens at 8:00 in the member's zone: 7:59 is outside, 8:00 inside", () => {
    expect(isInCallingWindow(at("2026-11-16T13:59:00Z"), "America/Chicago", WINDOW)).toBe(false);
    expect(isInCallingWindow(at("2026-11-16T13:59:59.999Z"), "America/Chicago", WINDOW)).toBe(false);
    expect(isInCallingWindow(at("2026-11-16T14:00:00Z"), "America/Chicago", WINDOW)).toBe(true);
  });

  it("closes at 21:00: 20:59 is inside, 21:00 outside", () => {
    expect(isInCallingWindow(at("2026-11-17T02:59:00Z"), "America/Chicago", WINDOW)).toBe(true);
    expect(isInCallingWindow(at("2026-11-17T02:59:59Z"), "America/Chicago", WINDOW)).toBe(true);
    expect(isInCallingWindow(at("2026-11-17T03:00:00Z"), "America/Chicago", WINDOW)).toBe(false);
  });

  it("is the member's own: 8:00 in Chicago is 7:00 in El Paso", () => {
    const eightInChicago = at("2026-11-16T14:00:00Z");
    expect(isInCallingWindow(eightInChicago, "America/Chicago", WINDOW)).toBe(true);
    expect(isInCallingWindow(eightInChicago, "America/Denver", WINDOW)).toBe(false);
    expect(isInCallingWindow(at("2026-11-16T15:00:00Z"), "America/Denver", WINDOW)).toBe(true);
  });

  it("next opens at today's 8:00 before it, tomorrow's after it closed", () => {
    expect(new Date(nextWindowOpening(at("2026-11-16T12:00:00Z"), "America/Chicago", WINDOW)).toISOString()).toBe("2026-11-16T14:00:00.000Z");
    expect(new Date(nextWindowOpening(at("2026-11-17T03:00:00Z"), "America/Chicago", WINDOW)).toISOString()).toBe("2026-11-17T14:00:00.000Z");
    expect(new Date(nextWindowOpening(at("2026-11-17T03:00:00Z"), "America/Denver", WINDOW)).toISOString()).toBe("2026-11-17T15:00:00.000Z");
  });

  it("is written as messages say it", () => {
    expect(windowText(WINDOW)).toBe("8:00–21:00");
    expect(windowText({ opensAt: 9 * 60 + 30, closesAt: 17 * 60 })).toBe("9:30–17:00");
  });
});
