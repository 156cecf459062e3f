// @vitest-environment node
// Every read and write of member data leaves an audit row (docs/architecture.md): who (user), what (the
// operation), which members, when and from where, read back from audit_log after calls over HTTP.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../tests/support/testApp.ts";
import { findStaffByEmail } from "./auth/sessions.repository.ts";
import { EXPORT_BATCH_ROWS } from "../domain/exports/protocol.ts";
import { zonedDate } from "../domain/calendar.ts";
import { offeredMonths } from "../domain/reports/newPatientOrigin.ts";

/** The test server's practice calendar (REPORT_TIME_ZONE's default). */
const CHICAGO = "America/Chicago";

describe.each(ENGINES)("the audit log on %s", (engine) => {
  let server: TestApp;
  let token: string;
  let userId: number;
  let member: { id: number; subscriber_id: string; pat_num: string; practice_id: number };

  beforeAll(async () => {
    server = await startTestApp({ engine });
    const { db } = server.database;
    token = await server.sessionOf(STAFF_EMAIL);
    userId = (await findStaffByEmail(db, STAFF_EMAIL))!.id;
    member = await db.selectFrom("members").select(["id", "subscriber_id", "pat_num", "practice_id"]).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  }, 180_000);
  afterAll(() => server?.close());

  const key = () => ({ sid: member.subscriber_id, patnum: member.pat_num, practice: member.practice_id });
  const params = () => encodeURIComponent(JSON.stringify(key()));

  /** The audit rows written while `act` ran. */
  async function auditedBy<Answer extends { statusCode: number; body: string }>(act: () => Promise<Answer>, status: number) {
    const { db } = server.database;
    const last = await db.selectFrom("audit_log").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
    const before = Date.now();
    const answer = await act();
    expect(answer.statusCode, answer.body).toBe(status);
    const rows = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("id", ">", String(last?.id ?? 0))
      .orderBy("id")
      .execute();
    // `at` is the database's clock, the same machine's: allow for rounding only.
    for (const row of rows) expect(row.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    for (const row of rows) expect(row.at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    return { answer, rows: rows.map(({ user_id, action, member_ids, address }) => ({ user_id, action, member_ids, address })) };
  }

  const inject = (method: "GET" | "POST", url: string, payload?: object) =>
    server.app.inject({ method, url: `/api${url}`, headers: bearer(token), remoteAddress: "203.0.113.7", ...(payload ? { payload } : {}) });

  it("getMembersTableData: the members of the page answered", async () => {
    const { answer, rows } = await auditedBy(() => inject("GET", "/Members/getMembersTableData?pageSize=15&pageNum=2"), 200);
    const shown = (answer.json() as { members: { id: number }[] }).members.map((m) => m.id);
    expect(shown).toHaveLength(15);
    expect(rows).toEqual([{ user_id: userId, action: "getMembersTableData", member_ids: shown, address: "203.0.113.7" }]);
  });

  it.each([
    ["getNotes", "/Members/getNotes/"],
    ["getResults", "/Members/getResults/"],
  ])("%s: the member read", async (action, path) => {
    const { rows } = await auditedBy(() => inject("GET", `${path}${params()}`), 200);
    expect(rows).toEqual([{ user_id: userId, action, member_ids: [member.id], address: "203.0.113.7" }]);
  });

  it.each([
    ["saveResult", "/Members/saveResult", { Result: "Left message" }],
    ["saveNotes", "/Members/saveNotes", { notes: "Audited note" }],
  ])("%s: the member written", async (action, path, body) => {
    const { rows } = await auditedBy(() => inject("POST", path, { ...key(), addLocation: "callCenter", ...body }), 201);
    expect(rows).toEqual([{ user_id: userId, action, member_ids: [member.id], address: "203.0.113.7" }]);
  });

  it("the deleted appointments' Details export: each batch with the members its deletions name, as the view's pages", async () => {
    const range = "startDate=2000-01-01&endDate=2099-12-31";
    const paged = new Set<number>();
    let count = 0;
    for (let pageNum = 1; pageNum === 1 || (pageNum - 1) * 1000 < count; pageNum += 1) {
      const page = await auditedBy(() => inject("GET", `/deleted-appointments/details?${range}&pageSize=1000&pageNum=${pageNum}`), 200);
      count = (page.answer.json() as { count: number }).count;
      for (const id of page.rows[0]!.member_ids) paged.add(id);
    }
    expect(count).toBeGreaterThan(EXPORT_BATCH_ROWS);
    const { rows } = await auditedBy(() => inject("GET", `/deleted-appointments/details/export?${range}`), 200);
    const batch = { user_id: userId, action: "exportDeletedAppointmentsDetails", member_ids: expect.any(Array), address: "203.0.113.7" };
    expect(rows).toEqual(Array.from({ length: Math.ceil(count / EXPORT_BATCH_ROWS) }, () => batch));
    expect(new Set(rows.flatMap((row) => row.member_ids))).toEqual(paged);
  });

  it("the new patient origin export: each batch with the members its first visits name", async () => {
    const { db } = server.database;
    const months = offeredMonths(zonedDate(new Date(), CHICAGO));
    const visits = await db
      .selectFrom("first_visits")
      .select("member_id")
      .where(sql<string>`to_char(first_visit_date, 'YYYY-MM')`, "in", months)
      .execute();
    expect(visits.length).toBeGreaterThan(0);
    const params = encodeURIComponent(JSON.stringify({ practice: [], brand: "all", date: months }));
    const { rows } = await auditedBy(() => inject("GET", `/report/new-patient-origin/export?params=${params}`), 200);
    const batch = { user_id: userId, action: "exportNewPatientOriginReport", member_ids: expect.any(Array), address: "203.0.113.7" };
    expect(rows).toEqual(Array.from({ length: Math.ceil(visits.length / EXPORT_BATCH_ROWS) }, () => batch));
    expect(new Set(rows.flatMap((row) => row.member_ids))).toEqual(new Set(visits.map((visit) => visit.member_id)));
  });

  it("a report's export: one row naming the export", async () => {
    const params = encodeURIComponent(JSON.stringify({ brand: "all", region: "all", practice: [], mco: "all", result: "all" }));
    const { rows } = await auditedBy(() => inject("GET", `/deleted-appointments/summary/export?startDate=2000-01-01&endDate=2099-12-31`), 200);
    expect(rows).toEqual([{ user_id: userId, action: "exportDeletedAppointmentsSummary", member_ids: [], address: "203.0.113.7" }]);
    const status = await auditedBy(() => inject("GET", `/Members/members-status-report/export?params=${params}`), 200);
    expect(status.rows).toEqual([{ user_id: userId, action: "exportMembersStatusReport", member_ids: [], address: "203.0.113.7" }]);
  });

  it("a refused save writes neither the save nor an audit row", async () => {
    const { rows } = await auditedBy(() => inject("POST", "/Members/saveNotes", { ...key(), patnum: "not-this-member", addLocation: "callCenter", notes: "x" }), 400);
    expect(rows).toEqual([]);
  });

  it("a save whose audit row cannot be written is not kept either", async () => {
    const { db } = server.database;
    const kept = async () => ({
      notes: await db.selectFrom("notes").select((eb) => eb.fn.countAll<string>().as("n")).where("member_id", "=", member.id).executeTakeFirstOrThrow(),
      results: await db.selectFrom("results").select((eb) => eb.fn.countAll<string>().as("n")).where("member_id", "=", member.id).executeTakeFirstOrThrow(),
      member: await db.selectFrom("member_work").select(["notes", "result"]).where("member_id", "=", member.id).executeTakeFirstOrThrow(),
    });
    const before = await kept();
    await sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit log unavailable'; end $$`.execute(db);
    await sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`.execute(db);
    try {
      expect((await inject("POST", "/Members/saveNotes", { ...key(), addLocation: "callCenter", notes: "Never audited" })).statusCode).toBe(500);
      expect((await inject("POST", "/Members/saveResult", { ...key(), addLocation: "callCenter", Result: "Transfer" })).statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_audit on audit_log`.execute(db);
      await sql`drop function refuse_audit()`.execute(db);
    }
    expect(await kept()).toEqual(before);
  });
});
