// Calls started from a member's phone link are recorded with the agent and the time; administrators
// compare them with the results saved in the call activity report.
import { describe, expect, it } from "vitest";
import { addDays, zonedDate } from "../../domain/calendar";
import { fieldsOf, useBackend, type SignedIn } from "./fixtures";
import { worklist } from "./worklist";

const backend = useBackend();
const members = worklist(backend);

interface CallActivityRow {
  userId: number;
  username: string;
  firstname: string;
  lastname: string;
  callsStarted: number;
  resultsSaved: number;
}

const startCall = (memberId: unknown, who: SignedIn | null = backend.staff) =>
  backend.api.post("/Members/calls", { token: who?.token ?? null, body: { memberId } });

const report = (startDate: string, endDate: string, who: SignedIn | null = backend.admin) =>
  backend.api.get("/report/call-activity", { token: who?.token ?? null, query: { startDate, endDate } });

/**
 * The administrator's row of the report on one day (zeros when it has none). The calls counted are
 * the administrator's own: a report may come from a read replica, which shows a session its own
 * writes at once and another session's within the replica's lag.
 */
async function adminRowOn(day: string): Promise<Pick<CallActivityRow, "callsStarted" | "resultsSaved">> {
  const { status, body } = await report(day, day);
  expect(status).toBe(200);
  const row = (body as CallActivityRow[]).find((entry) => entry.userId === backend.admin.user.id);
  return { callsStarted: row?.callsStarted ?? 0, resultsSaved: row?.resultsSaved ?? 0 };
}

describe("POST /Members/calls", () => {
  it("records the call start with the time, and the report counts it for the agent that day only", async () => {
    const member = await members.freshMember();
    const probe = await startCall(member.id, backend.admin);
    expect(probe.status).toBe(201);
    const day = zonedDate(probe.body.startedAt);
    const counted = await adminRowOn(day);
    const dayBefore = await adminRowOn(addDays(day, -1));

    const { status, body } = await startCall(member.id, backend.admin);
    expect(status).toBe(201);
    expect(body.memberId).toBe(member.id);
    expect(Number.isNaN(Date.parse(body.startedAt))).toBe(false);

    expect(await adminRowOn(day)).toEqual({ ...counted, callsStarted: counted.callsStarted + 1 });
    expect(await adminRowOn(addDays(day, -1))).toEqual(dayBefore);
  });

  it("is recorded whoever holds a claim on the member", async () => {
    const member = await members.freshMember();
    expect((await backend.api.post("/Members/claims", { token: backend.admin.token, body: { memberId: member.id } })).status).toBe(200);
    expect((await startCall(member.id)).status).toBe(201);
  });

  it("answers 404 for an unknown member and records nothing", async () => {
    const probe = await startCall((await members.freshMember()).id, backend.admin);
    const day = zonedDate(probe.body.startedAt);
    const counted = await adminRowOn(day);
    const { status, body } = await startCall(2147483647, backend.admin);
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404 });
    expect(await adminRowOn(day)).toEqual(counted);
  });

  it.each([["0", 0], ["text", "twelve"], ["beyond an integer", 2147483648], ["absent", undefined]])("answers 400 naming memberId when it is %s", async (_, memberId) => {
    const { status, body } = await startCall(memberId);
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(["memberId"]);
  });

  it("needs a session", async () => {
    expect((await startCall(1, null)).status).toBe(401);
  });
});

describe("GET /report/call-activity", () => {
  it("counts the results the agent saved beside the calls started", async () => {
    const member = await members.freshMember();
    const started = await startCall(member.id, backend.admin);
    const day = zonedDate(started.body.startedAt);
    const counted = await adminRowOn(day);
    expect((await members.saveResult(member, "No answer", backend.admin)).status).toBe(201);
    expect(await adminRowOn(day)).toEqual({ ...counted, resultsSaved: counted.resultsSaved + 1 });
  });

  it("orders agents by calls started, then results saved, then username", async () => {
    const started = await startCall((await members.freshMember()).id);
    const day = zonedDate(started.body.startedAt);
    const rows = (await report(day, day)).body as CallActivityRow[];
    expect(rows.length).toBeGreaterThan(0);
    const ordered = [...rows].sort(
      (a, b) => b.callsStarted - a.callsStarted || b.resultsSaved - a.resultsSaved || (a.username < b.username ? -1 : a.username > b.username ? 1 : a.userId - b.userId),
    );
    expect(rows).toEqual(ordered);
    const staff = rows.find((row) => row.userId === backend.staff.user.id)!;
    expect(staff).toMatchObject({ username: backend.staff.user.email, firstname: backend.staff.user.firstname, lastname: backend.staff.user.lastname });
  });

  it("answers an empty list for days without activity", async () => {
    const { status, body } = await report("1901-01-01", "1901-01-31");
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it("answers 400 naming endDate when the range ends before it starts", async () => {
    const { status, body } = await report("2026-03-02", "2026-03-01");
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(["endDate"]);
  });

  it("answers 400 naming a date that is not one", async () => {
    const { status, body } = await report("2026-02-30", "2026-03-01");
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(["startDate"]);
  });

  it("is for administrators only", async () => {
    expect((await report("2026-03-01", "2026-03-02", backend.staff)).status).toBe(403);
    expect((await report("2026-03-01", "2026-03-02", null)).status).toBe(401);
  });
});
