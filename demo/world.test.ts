import { describe, expect, it, vi } from "vitest";
import { BRANDS, MEMBER_STATUSES } from "../domain/vocabulary.ts";
import { generateWorld } from "./world.ts";
import { GROUP_REGIONS } from "./reference.ts";

describe("generateWorld", () => {
  it("builds the same database from the same seed, on any day", () => {
    const first = generateWorld({ seed: 7, size: 300 });
    const second = generateWorld({ seed: 7, size: 300 });

    expect(second).toEqual(first);
  });

  it("builds a different database from another seed", () => {
    const first = generateWorld({ seed: 7, size: 50 });
    const other = generateWorld({ seed: 8, size: 50 });

    expect(other.members.map((m) => m.Last_Name)).not.toEqual(first.members.map((m) => m.Last_Name));
  });

  it("has about 25 practices in the four regions, each region listing its practices", () => {
    const db = generateWorld({ size: 10 });

    expect(db.practices).toHaveLength(25);
    expect(new Set(db.practices.map((p) => p.region))).toEqual(new Set(GROUP_REGIONS.map((region) => region.name)));
    for (const region of db.regions) {
      const practices = db.practices.filter((p) => p.region === region.name);
      expect(region.UdaPracticeInfo.map((info) => info.practiceId)).toEqual(practices.map((p) => p.id));
    }
  });

  it("has the requested number of members over every brand and status, at practices that take their payer", () => {
    const db = generateWorld({ size: 2000 });

    expect(db.members).toHaveLength(2000);
    expect(new Set(db.members.map((m) => m.company))).toEqual(new Set(BRANDS));
    expect(new Set(db.members.map((m) => m.Status))).toEqual(new Set(MEMBER_STATUSES));
    const practices = new Map(db.practices.map((p) => [p.id, p]));
    for (const member of db.members) {
      expect(practices.get(member.practiceId)?.brands).toContain(member.company);
      expect(member.Practice).toBe(practices.get(member.practiceId)?.practiceabbr);
    }
  });

  it("has staff with at least one administrator and one other member of staff", () => {
    const db = generateWorld({ size: 10 });

    expect(db.users.some((u) => u.isAdmin)).toBe(true);
    expect(db.users.some((u) => !u.isAdmin)).toBe(true);
    expect(new Set(db.users.map((u) => u.email)).size).toBe(db.users.length);
  });

  it("gives the named accounts profile pictures: small SVG data URLs, as the contract's PictureUrl allows", () => {
    const db = generateWorld({ size: 10 });
    const named = db.users.slice(0, 3);

    expect(named.map((u) => u.firstname)).toEqual(["Alicia", "Marcus", "Priya"]);
    for (const { profilePicture } of named) {
      expect(profilePicture).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
      expect(profilePicture.length).toBeLessThanOrEqual(2048);
      expect(atob(profilePicture.split(",")[1]!)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    }
    expect(new Set(named.map((u) => u.profilePicture)).size).toBe(3);
    expect(db.users.slice(3).every((u) => u.profilePicture === "")).toBe(true);
  });
});

describe("generateWorld at two hours of one day", () => {
  // Monday 16 November 2026 in the practice group's zone (Chicago, UTC-6): drawn at 9:00 and at 21:45,
  // as the server's seed and the running demo draw it, from the clock.
  const START_OF_DAY = Date.parse("2026-11-16T06:00:00Z");
  const drawnAt = (clock: string) => {
    vi.useFakeTimers({ now: new Date(clock), toFake: ["Date"] });
    try {
      return { world: generateWorld({ size: 1500, today: new Date() }), now: Date.now() };
    } finally {
      vi.useRealTimers();
    }
  };
  const morning = drawnAt("2026-11-16T15:00:00Z");
  const evening = drawnAt("2026-11-17T03:45:00Z");
  // A time of today, or a slot of today that had passed and moved to tomorrow, is the hour's; the rest is the day's.
  const hourOf = (iso: string | null) => (iso !== null && Date.parse(iso) >= START_OF_DAY && Date.parse(iso) < START_OF_DAY + 2 * 86_400_000 ? "today's" : iso);
  const beforeToday = <T,>(records: readonly T[], at: (record: T) => string) => records.filter((record) => Date.parse(at(record)) < START_OF_DAY);

  it("draws everything but today's times the same: members, campaigns, the days before today's calls and notes, appointments, reports", () => {
    const [a, b] = [morning.world, evening.world];
    const members = (world: typeof a) => world.members.map((m) => ({ ...m, notestimestamp: hourOf(m.notestimestamp), NextApt: hourOf(m.NextApt) }));
    expect(members(b)).toEqual(members(a));
    expect(b.campaigns).toEqual(a.campaigns);
    expect(beforeToday(b.results, (r) => r.createdAt)).toEqual(beforeToday(a.results, (r) => r.createdAt));
    expect(beforeToday(b.notes, (n) => n.createdAt)).toEqual(beforeToday(a.notes, (n) => n.createdAt));
    expect(beforeToday(b.callStarts, (s) => s.startedAt)).toEqual(beforeToday(a.callStarts, (s) => s.startedAt));
    // Today's calls are the same calls, only packed into less of the day in the morning.
    const todays = (world: typeof a) =>
      world.results.filter((r) => Date.parse(r.createdAt) >= START_OF_DAY).map(({ memberId, userId, Result, campaignId }) => ({ memberId, userId, Result, campaignId })).sort((x, y) => x.memberId - y.memberId || x.userId - y.userId || x.Result.localeCompare(y.Result));
    expect(todays(a).length).toBeGreaterThan(0);
    expect(todays(b)).toEqual(todays(a));
    const appointments = (world: typeof a) => world.appointments.map((x) => ({ ...x, startsAt: hourOf(x.startsAt), changedAt: hourOf(x.changedAt) }));
    expect(appointments(b)).toEqual(appointments(a));
    expect(b.firstVisits).toEqual(a.firstVisits);
    expect(b.callbacks.map(({ memberId, ownerId, bookedAt, note }) => ({ memberId, ownerId, bookedAt, note }))).toEqual(a.callbacks.map(({ memberId, ownerId, bookedAt, note }) => ({ memberId, ownerId, bookedAt, note })));
    expect(beforeToday(b.leads, (l) => l.createdAt).map((l) => ({ ...l, closedAt: hourOf(l.closedAt) }))).toEqual(beforeToday(a.leads, (l) => l.createdAt).map((l) => ({ ...l, closedAt: hourOf(l.closedAt) })));
    expect(b.priorities).toEqual(a.priorities);
    expect(beforeToday(b.deletedAppointments, (d) => d.deletedAt)).toEqual(beforeToday(a.deletedAppointments, (d) => d.deletedAt));
    expect(beforeToday(b.recordings, (r) => r.recordedAt)).toEqual(beforeToday(a.recordings, (r) => r.recordedAt));
    expect(beforeToday(b.pageVisits, (v) => v.accessedAt)).toEqual(beforeToday(a.pageVisits, (v) => v.accessedAt));
  });

  it("generates no call, note, booking or visit after now, at either hour", () => {
    for (const { world, now } of [morning, evening]) {
      const times = [
        ...world.results.map((r) => r.createdAt),
        ...world.notes.map((n) => n.createdAt),
        ...world.callStarts.map((s) => s.startedAt),
        ...world.signIns.map((s) => s.at),
        ...world.members.flatMap((m) => [m.entryTime, m.notestimestamp ?? ""]),
        ...world.appointments.map((x) => x.changedAt),
        ...world.appointments.filter((x) => x.status !== "Scheduled").map((x) => x.startsAt),
        ...world.callbacks.map((c) => c.bookedAt),
        ...world.leads.flatMap((l) => [l.createdAt, l.closedAt ?? ""]),
        ...world.deletedAppointments.map((d) => d.deletedAt),
        ...world.recordings.map((r) => r.recordedAt),
        ...world.pageVisits.map((v) => v.accessedAt),
      ].filter((time) => time !== "");
      expect(times.filter((time) => Date.parse(time) > now)).toEqual([]);
      expect(times.some((time) => Date.parse(time) >= START_OF_DAY)).toBe(true);
    }
  });

  it("has a campaign with an appointment made in its week at any hour, before the call center opens too", () => {
    const beforeOpening = drawnAt("2026-11-16T13:00:00Z");
    for (const { world } of [beforeOpening, morning, evening]) {
      expect(world.results.some((r) => r.campaignId !== null && r.Result === "Appointment Made" && Date.parse(r.createdAt) < START_OF_DAY)).toBe(true);
    }
    expect(beforeOpening.world.results.filter((r) => Date.parse(r.createdAt) >= START_OF_DAY)).toEqual([]);
    // Another seed whose draws booked none in a campaign: the latest save of the first campaign that was its member's latest call was one.
    const booked = generateWorld({ seed: 4, size: 1500, today: new Date("2026-12-01T15:30:00Z") });
    const made = booked.results.filter((r) => r.campaignId !== null && r.Result === "Appointment Made");
    expect(made).toHaveLength(1);
    expect(made[0]!.campaignId).toBe(1);
    expect(booked.members.find((m) => m.id === made[0]!.memberId)?.Result).toBe("Appointment Made");
  });
});
