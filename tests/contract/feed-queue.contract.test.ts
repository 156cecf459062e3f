// What a practice feed's status change does beyond the member's row, on both backends: the work
// queue stops serving a member the practice booked as soon as the feed's batch commits (as a save's
// member is followed), counting it under futureAppointment, and open lists hear of the member's
// new Status, last visit and next appointment through a `status` event, and of the member's open
// callback closed by the booking through the `callback` event a save that ends one sends.
import { describe, expect, it, vi } from "vitest";
import { validateComponent } from "../../mocks/openapi/validate";
import type { StreamEvent } from "../support/testStream.ts";
import { useBackend, type SignedIn } from "./fixtures";
import { useEventStreams } from "./eventStreams";
import { worklist } from "./worklist";

const backend = useBackend();
const members = worklist(backend);
type Query = Record<string, string | number | undefined>;

// Both backends' clocks start at the demo's reference date, Monday 16 November 2026, 9:00 in Chicago.
const TOMORROW_10 = "2026-11-17T16:00:00.000Z";
const APPOINTMENTS = "Practice,PatNum,AptNum,AptDateTime,AptStatus,IsNewPatient,DateTStamp";
const next = (who: SignedIn, query: Query) => backend.api.post("/queue/next", { token: who.token, query });
const counts = (who: SignedIn, query: Query) => backend.api.get("/queue/counts", { token: who.token, query });
const only = (member: any): Query => ({ practice: String(member.practiceId), search: member.Subscriber_ID });

const listen = useEventStreams(backend);

/** A member with a patient number whom the queue serves now. */
async function servablePatient(): Promise<any> {
  for (;;) {
    const member = await members.freshMember({ result: "", status: "New Patient" });
    if (member.PatNum !== "" && (await counts(backend.staff, only(member))).body.eligible === 1) return member;
  }
}

async function importAppointments(lines: string[]) {
  const started = await backend.api.post("/Feeds/imports", {
    token: backend.admin.token,
    query: { feed: "appointments", fileName: "booked.csv" },
    rawBody: [APPOINTMENTS, ...lines].join("\n"),
    contentType: "text/csv",
  });
  expect(started.status).toBe(202);
  return vi.waitFor(
    async () => {
      const { body } = await backend.api.get("/Feeds/imports/{id}", { token: backend.admin.token, path: { id: started.body.id } });
      if (body.status === "running") throw new Error("still running");
      return body;
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe("a practice feed's status change", () => {
  it("takes a member the practice booked out of the queue at once, and open lists hear of it", async () => {
    const member = await servablePatient();
    // Callbacks due come first whatever the filters: Next is pressed until it serves the member.
    let served: any;
    for (let press = 0; press < 30 && served?.id !== member.id; press += 1) served = (await next(backend.staff, only(member))).body.member;
    expect(served.id).toBe(member.id);
    await backend.api.delete("/Members/claims/{memberId}", { token: backend.staff.token, path: { memberId: member.id } });

    const events = await listen(backend.colleague);
    const run = await importAppointments([`${member.Practice},${member.PatNum},770001,2030-02-11 09:00,Scheduled,true,2026-11-20 12:00`]);
    expect(run).toMatchObject({ status: "success", rowsWritten: 1 });

    const event = await events.next((candidate: StreamEvent) => candidate.event === "status" && JSON.parse(candidate.data).memberId === member.id);
    const data = JSON.parse(event.data);
    expect(validateComponent("MemberStatusEvent", data)).toEqual([]);
    expect(data).toEqual({ memberId: member.id, Status: "New Patient With Apt", LastVisit: null, NextApt: expect.stringMatching(/^2030-02-11T/) });

    for (const agent of [backend.staff, backend.colleague]) expect((await next(agent, only(member))).body.member?.id).not.toBe(member.id);
    const { body } = await counts(backend.colleague, only(member));
    expect(body.eligible).toBe(0);
    expect(Object.entries(body.notEligible).filter(([, n]) => (n as number) > 0)).toEqual([["futureAppointment", 1]]);
    expect(await members.listed(member)).toMatchObject({ Status: "New Patient With Apt", NextApt: data.NextApt });
  });

  it("holds back a member booked for tomorrow by the backend's clock, whatever the day the suite runs", async () => {
    const member = await servablePatient();
    const run = await importAppointments([`${member.Practice},${member.PatNum},770002,2026-11-17 10:00,Scheduled,false,2026-11-16 08:00`]);
    expect(run).toMatchObject({ status: "success", rowsWritten: 1 });
    const { body } = await counts(backend.staff, only(member));
    expect(body.eligible).toBe(0);
    expect(Object.entries(body.notEligible).filter(([, n]) => (n as number) > 0)).toEqual([["futureAppointment", 1]]);
  });

  it("closes the member's open callback and sends its `callback` event, as a save that ends one does", async () => {
    const member = await servablePatient();
    const booked = await backend.api.post("/callbacks", { token: backend.staff.token, body: { memberId: member.id, dueAt: TOMORROW_10 } });
    expect(booked.status).toBe(201);

    const events = await listen(backend.colleague);
    const run = await importAppointments([`${member.Practice},${member.PatNum},770201,2030-03-04 09:00,Scheduled,true,2026-11-20 12:00`]);
    expect(run).toMatchObject({ status: "success", rowsWritten: 1 });

    const event = await events.next((candidate: StreamEvent) => candidate.event === "callback" && JSON.parse(candidate.data).memberId === member.id);
    const data = JSON.parse(event.data);
    expect(validateComponent("CallbackEvent", data)).toEqual([]);
    expect(data).toEqual({ memberId: member.id, change: "closed", callback: { ...booked.body, status: "closed", version: expect.any(Number) } });
    expect((await members.listed(member)).callback).toBeNull();
  });

  it("says in Why this member? that nothing is booked at the practice, and how the latest appointment went", async () => {
    const member = await servablePatient();
    // Later than any appointment the demo's schedule holds before the clock (9:00 today).
    await importAppointments([`${member.Practice},${member.PatNum},770101,2026-11-02 10:00,Complete,false,2026-10-20 12:00`, `${member.Practice},${member.PatNum},770102,2026-11-16 08:55,Broken,false,2026-11-16 08:56`]);
    let answer: any;
    for (let press = 0; press < 30 && answer?.member?.id !== member.id; press += 1) answer = (await next(backend.colleague, only(member))).body;
    expect(answer.member.id).toBe(member.id);
    expect(answer.why.appointment).toEqual({ status: "Broken", startsAt: expect.stringMatching(/^2026-11-16T1[45]:55:00/) });
    await backend.api.delete("/Members/claims/{memberId}", { token: backend.colleague.token, path: { memberId: member.id } });
  });
});
