import { beforeAll, describe, expect, it } from "vitest";
import { zonedDate } from "../domain/calendar.ts";
import { localTimeOf } from "../domain/queue/zonedTime.ts";
import { APPOINTMENT_MADE, PRACTICE_TIME_ZONE } from "../domain/vocabulary.ts";
import { generateWorld, type DemoWorld } from "./world.ts";

let world: DemoWorld;
beforeAll(() => {
  world = generateWorld({ size: 2000 });
});

const appointmentsOf = (member: DemoWorld["members"][number]) =>
  world.appointments.filter((appointment) => appointment.practiceId === member.practiceId && appointment.patNum === member.PatNum);
const dayAtPractice = (member: DemoWorld["members"][number], instant: string) =>
  localTimeOf(Date.parse(instant), world.practiceTimeZones[member.practiceId] ?? PRACTICE_TIME_ZONE).date;

describe("the practices' appointments", () => {
  it("give every member its Status, last visit and next appointment", () => {
    const now = world.today.toISOString();
    for (const member of world.members) {
      const appointments = appointmentsOf(member);
      const completed = appointments.filter((a) => a.status === "Complete").map((a) => a.startsAt).sort();
      const ahead = appointments.filter((a) => a.status === "Scheduled" && a.startsAt > now).map((a) => a.startsAt).sort();
      expect(member.LastVisit).toBe(completed.length > 0 ? dayAtPractice(member, completed.at(-1)!) : null);
      expect(member.NextApt).toBe(ahead[0] ?? null);
      if (member.Status === "New Patient") expect([completed.length, ahead.length]).toEqual([0, 0]);
      if (member.Status === "New Patient With Apt") expect([completed.length, ahead.length > 0]).toEqual([0, true]);
      if (member.Status === "Recare Future Appointment") expect([completed.length > 0, ahead.length > 0]).toEqual([true, true]);
      if (member.Status === "Recare No Future Appointment") expect([completed.length > 0, ahead.length]).toEqual([true, 0]);
    }
    expect(new Set(world.members.map((member) => member.Status)).size).toBe(6);
    expect(new Set(world.appointments.map((a) => a.status))).toEqual(new Set(["Complete", "Scheduled", "Broken"]));
  });

  it("are each member's own and never completed in the future", () => {
    const patients = new Set(world.members.map((member) => `${member.practiceId}/${member.PatNum}`));
    expect(world.appointments.filter((a) => !patients.has(`${a.practiceId}/${a.patNum}`))).toEqual([]);
    expect(world.appointments.filter((a) => a.status !== "Scheduled" && Date.parse(a.startsAt) >= world.today.getTime())).toEqual([]);
    expect(new Set(world.appointments.map((a) => a.aptNum)).size).toBe(world.appointments.length);
  });

  it("make the first visits: each member's first completed one, the call center credited when its call booked it", () => {
    const members = new Map(world.members.map((member) => [member.id, member]));
    for (const visit of world.firstVisits) {
      const member = members.get(visit.memberId)!;
      const first = appointmentsOf(member).filter((a) => a.status === "Complete").sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0]!;
      expect([visit.practiceId, visit.patNum, visit.firstVisitDate]).toEqual([member.practiceId, member.PatNum, dayAtPractice(member, first.startsAt)]);
      const atBooking = world.results.filter((r) => r.memberId === member.id && r.createdAt <= first.changedAt).at(-1)?.Result ?? "";
      expect([visit.result, visit.origin]).toEqual([atBooking, atBooking === APPOINTMENT_MADE ? "Call Center" : "Practice"]);
    }
    const thisMonth = zonedDate(world.today).slice(0, 7);
    const credited = world.firstVisits.filter((visit) => visit.origin === "Call Center");
    expect(credited.length).toBeGreaterThan(20);
    expect(credited.some((visit) => visit.firstVisitDate.startsWith(thisMonth))).toBe(true);
    expect(world.firstVisits.filter((visit) => visit.origin === "Practice").length).toBeGreaterThan(credited.length);
  });

  it("leave no open callback of a member the practice has booked", () => {
    const booked = new Set(world.members.filter((member) => member.NextApt !== null).map((member) => member.id));
    expect(world.callbacks.length).toBeGreaterThan(10);
    expect(world.callbacks.filter((callback) => callback.status === "open" && booked.has(callback.memberId))).toEqual([]);
  });
});
