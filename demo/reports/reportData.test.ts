import { beforeAll, describe, expect, it } from "vitest";
import { reportPeriods, toInstantRange, zonedDate } from "../../domain/calendar.ts";
import { generateWorld, type DemoWorld } from "../world.ts";

let db: DemoWorld;
beforeAll(() => {
  db = generateWorld({ size: 2000 });
});
const DAY_MS = 86_400_000;

describe("leads", () => {
  it("come in over the last 24 months, a few per practice per day, none in the future", () => {
    const created = db.leads.map((lead) => Date.parse(lead.createdAt));
    const now = db.today.getTime();
    expect(Math.max(...created)).toBeLessThanOrEqual(now);
    expect(Math.min(...created)).toBeGreaterThan(now - 731 * DAY_MS);
    expect(Math.min(...created)).toBeLessThan(now - 725 * DAY_MS);
    const perPracticePerDay = db.leads.length / db.practices.length / 730;
    expect(perPracticePerDay).toBeGreaterThan(1);
    expect(perPracticePerDay).toBeLessThan(5);
  });

  it("include some entered today and this week", () => {
    const periods = reportPeriods(zonedDate(db.today));
    const within = (range: typeof periods.today) => {
      const bounds = toInstantRange(range);
      return db.leads.filter((lead) => Date.parse(lead.createdAt) >= bounds.from && Date.parse(lead.createdAt) < bounds.to).length;
    };
    expect(within(periods.today)).toBeGreaterThan(0);
    expect(within(periods.lastWeek)).toBeGreaterThan(within(periods.today));
  });

  it("have the sources, stages, outcomes and lost reasons of a real pipeline", () => {
    expect(new Set(db.leads.map((lead) => lead.source))).toEqual(
      new Set(["Call Center", "Website", "Google", "Facebook", "Referral", "Walk-in", "Insurance List"]),
    );
    expect(new Set(db.leads.map((lead) => lead.stage))).toEqual(new Set(["Lead", "Contacted", "Appointment Set", "Visited", "Won"]));
    const reasons = new Set(db.leads.map((lead) => lead.lostReason));
    for (const reason of ["No answer", "Not interested", "Chose another dentist", "Moved", "Insurance not accepted"]) expect(reasons).toContain(reason);
    const inconsistent = db.leads.filter(
      (lead) =>
        (lead.outcome === "won") !== (lead.stage === "Won") ||
        (lead.lostReason !== null) !== (lead.outcome === "lost") ||
        (lead.closedAt === null) !== (lead.outcome === "open") ||
        (lead.closedAt !== null && lead.closedAt < lead.createdAt),
    );
    expect(inconsistent).toEqual([]);
  });

  it("are mostly decided when old and mostly open when new", () => {
    const openShare = (leads: typeof db.leads) => leads.filter((lead) => lead.outcome === "open").length / leads.length;
    const weekAgo = db.today.getTime() - 7 * DAY_MS;
    const recent = db.leads.filter((lead) => Date.parse(lead.createdAt) > weekAgo);
    const old = db.leads.filter((lead) => Date.parse(lead.createdAt) < weekAgo - 60 * DAY_MS);
    expect(openShare(recent)).toBeGreaterThan(0.3);
    expect(openShare(old)).toBeLessThan(0.1);
  });
});

describe("treatment priorities", () => {
  it("cover every practice with P1 to P4, patients of the practice", () => {
    const patients = new Set(db.members.map((member) => `${member.practiceId}/${member.PatNum}`));
    expect(new Set(db.priorities.map((planned) => planned.practiceId)).size).toBe(db.practices.length);
    expect(new Set(db.priorities.map((planned) => planned.priority))).toEqual(new Set(["P1", "P2", "P3", "P4"]));
    expect(db.priorities.filter((planned) => !patients.has(`${planned.practiceId}/${planned.patNum}`))).toEqual([]);
  });
});

describe("deleted appointments", () => {
  it("happened on working days of the last six months, with reasons and the practice's staff", () => {
    const now = db.today.getTime();
    const weekdayInChicago = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", weekday: "short" });
    const wrong = db.deletedAppointments.filter((deletion) => {
      const deletedAt = Date.parse(deletion.deletedAt);
      return (
        deletedAt > now ||
        deletedAt < now - 190 * DAY_MS ||
        Date.parse(deletion.appointmentDate) < deletedAt ||
        ["Sat", "Sun"].includes(weekdayInChicago.format(deletedAt)) ||
        !/^[a-z]+$/.test(deletion.deletedBy)
      );
    });
    expect(db.deletedAppointments.length).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
    expect(new Set(db.deletedAppointments.map((deletion) => deletion.reason)).size).toBeGreaterThan(5);
    const staffPerPractice = new Map<number, Set<string>>();
    for (const deletion of db.deletedAppointments) {
      staffPerPractice.set(deletion.practiceId, (staffPerPractice.get(deletion.practiceId) ?? new Set()).add(deletion.deletedBy));
    }
    for (const staff of staffPerPractice.values()) expect(staff.size).toBeLessThanOrEqual(3);
  });
});
