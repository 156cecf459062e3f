import { Faker, en } from "@faker-js/faker";
import { describe, expect, it } from "vitest";
import { createWorkTimeSampler, workingDays } from "./workingHours.ts";

const iso = (time: number) => new Date(time).toISOString();

describe("workingDays", () => {
  // Monday 16 November 2026, 9:00 in Chicago (CST, UTC-6).
  const now = new Date("2026-11-16T15:00:00Z");

  it("lists the days newest first, today open only until now, Sundays left out", () => {
    const days = workingDays(now, 9);

    expect(days.map((day) => day.daysAgo)).toEqual([0, 2, 3, 4, 5, 6, 7]);
    expect(iso(days[0]!.opensAt)).toBe("2026-11-16T14:00:00.000Z");
    expect(iso(days[0]!.endsAt)).toBe("2026-11-16T15:00:00.000Z");
    expect(iso(days[1]!.opensAt)).toBe("2026-11-14T14:00:00.000Z"); // Saturday
    expect(iso(days[1]!.endsAt)).toBe("2026-11-15T00:00:00.000Z");
  });

  it("opens at 8:00 local time on summer-time days too", () => {
    const october = workingDays(new Date("2026-10-20T20:00:00Z"), 1);

    expect(iso(october[0]!.opensAt)).toBe("2026-10-20T13:00:00.000Z");
  });

  it("weighs Saturdays less, and today as a whole day whatever the hour", () => {
    const [today, saturday, friday] = workingDays(now, 4);

    expect(friday!.weight).toBeGreaterThan(saturday!.weight);
    expect(today!.weight).toBe(workingDays(new Date("2026-11-17T03:45:00Z"), 4)[0]!.weight); // 21:45
    expect(workingDays(new Date("2026-11-16T13:00:00Z"), 1)).toMatchObject([{ daysAgo: 0, endsAt: Date.parse("2026-11-16T14:00:00Z") }]); // 7:00, not open yet
  });
});

describe("createWorkTimeSampler", () => {
  it("draws times within the open hours of the allowed days", () => {
    const faker = new Faker({ locale: [en] });
    faker.seed(3);
    const days = workingDays(new Date("2026-11-16T15:00:00Z"), 10);
    const draw = createWorkTimeSampler(faker, days);

    for (let index = 0; index < 500; index += 1) {
      const time = draw(3)!;
      expect(days.some((day) => day.daysAgo <= 3 && time >= day.opensAt && time < day.endsAt)).toBe(true);
    }
  });

  it("takes the same draws at any hour, today's moments packed in their order into what has passed", () => {
    const drawAll = (clock: string) => {
      const faker = new Faker({ locale: [en] });
      faker.seed(3);
      const draw = createWorkTimeSampler(faker, workingDays(new Date(clock), 10));
      return Array.from({ length: 300 }, () => draw(9));
    };
    const startOfToday = Date.parse("2026-11-16T06:00:00Z");
    const [morning, evening, early] = [drawAll("2026-11-16T15:00:00Z"), drawAll("2026-11-17T03:45:00Z"), drawAll("2026-11-16T13:00:00Z")];

    const todays = evening.flatMap((time, index) => (time! >= startOfToday ? [index] : []));
    expect(todays.length).toBeGreaterThan(0);
    evening.forEach((time, index) => {
      if (todays.includes(index)) return;
      expect(morning[index]).toBe(time);
      expect(early[index]).toBe(time);
    });
    for (const index of todays) {
      expect(morning[index]).toBeGreaterThanOrEqual(Date.parse("2026-11-16T14:00:00Z"));
      expect(morning[index]).toBeLessThan(Date.parse("2026-11-16T15:00:00Z"));
      expect(early[index]).toBeNull(); // 7:00: today has not opened
    }
    const packed = [...todays].sort((x, y) => evening[x]! - evening[y]!).map((index) => morning[index]!);
    expect(packed).toEqual([...packed].sort((x, y) => x - y));
  });

  it("draws nothing when no allowed day has open hours", () => {
    const faker = new Faker({ locale: [en] });
    const sundayMorning = new Date("2026-11-15T15:00:00Z");

    expect(createWorkTimeSampler(faker, workingDays(sundayMorning, 5))(0)).toBeNull();
  });
});
