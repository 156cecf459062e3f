// @vitest-environment node
// What the conformance suite cannot make over HTTP: a reassignment to a user whose access has
// ended, the audit rows of the queue's calls, and an agent disabled from the command line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { runUserCommand } from "../auth/userCommand.ts";
import { settingOf } from "./setting.ts";

describe.each(ENGINES)("callbacks on %s", (engine) => {
  let test: TestApp;
  let admin: string;
  let staff: string;
  const call = (method: "GET" | "POST", url: string, token: string, payload?: unknown) =>
    test.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    test = await startTestApp({ engine, env: { DEMO_CLOCK_START: "2026-11-16T15:00:00.000Z" } });
    admin = await test.sessionOf(ADMIN_EMAIL);
    staff = await test.sessionOf(STAFF_EMAIL);
  }, 180_000);
  afterAll(() => test?.close());

  it("refuses a reassignment to a user whose access has ended, naming userId, and writes nothing", async () => {
    const [member] = await test.database.db.selectFrom("members").innerJoin("member_work", "member_work.member_id", "members.id").select("members.id as id").where("member_work.result", "=", "").orderBy("id").limit(1).execute();
    const booked = await call("POST", "/callbacks", staff, { memberId: member!.id, dueAt: "2026-11-17T16:00:00.000Z" });
    expect(booked.statusCode).toBe(201);
    const leaver = await test.database.db.updateTable("users").set({ disabled: true }).where("email", "!=", ADMIN_EMAIL).where("email", "!=", STAFF_EMAIL).returning("id").executeTakeFirstOrThrow();
    const refused = await call("POST", "/callbacks/reassign", admin, { callbackIds: [booked.json().id], userId: leaver.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: "userId", message: "is a user whose access has ended" }]);
    const after = await test.database.db.selectFrom("callbacks").select(["owner_id", "version"]).where("id", "=", booked.json().id).executeTakeFirstOrThrow();
    expect(after).toEqual({ owner_id: booked.json().owner.id, version: 1 });
  });

  it("audits Next, bookings and resets with the member they name", async () => {
    const served = (await call("POST", "/queue/next", staff)).json().member;
    await call("POST", "/queue/attempts/reset", admin, { memberId: served.id });
    const audited = await test.database.db.selectFrom("audit_log").select(["action", "member_ids"]).where("action", "in", ["nextMember", "resetAttempts", "bookCallback"]).execute();
    expect(audited).toEqual(expect.arrayContaining([{ action: "nextMember", member_ids: [served.id] }, { action: "resetAttempts", member_ids: [served.id] }]));
    expect(audited.some((row) => row.action === "bookCallback")).toBe(true);
  });

  it("makes the open callbacks of an agent disabled by npm run user anyone's, audited under the command with their members", async () => {
    const command = (...args: string[]) => runUserCommand(test.database.db, args, settingOf(test.app.services));
    await command("add", "lee.ver@recalldesk.example", "--first", "Lee", "--last", "Ver");
    const leaver = await test.database.db.selectFrom("users").select(["id", "email"]).where("email", "=", "lee.ver@recalldesk.example").executeTakeFirstOrThrow();
    const free = await test.database.db
      .selectFrom("members")
      .innerJoin("member_work", "member_work.member_id", "members.id")
      .select("members.id as id")
      .where("member_work.result", "=", "")
      .where((eb) => eb.not(eb.exists(eb.selectFrom("callbacks").select("id").whereRef("member_id", "=", "members.id").where("status", "=", "open"))))
      .orderBy("members.id", "desc")
      .limit(2)
      .execute();
    const token = await test.sessionOf(leaver.email);
    for (const { id } of free) expect((await call("POST", "/callbacks", token, { memberId: id, dueAt: "2026-11-17T16:00:00.000Z" })).statusCode).toBe(201);
    const owned = async () => (await test.database.db.selectFrom("callbacks").select("member_id").where("owner_id", "=", leaver.id).where("status", "=", "open").orderBy("member_id").execute()).map((row) => row.member_id);
    const held = await owned();
    expect(held.length).toBeGreaterThan(0);
    await command("disable", leaver.email);
    expect(await owned()).toEqual([]);
    const audited = await test.database.db.selectFrom("audit_log").select(["user_id", "member_ids", "address"]).where("action", "=", `releaseCallbacks ${leaver.id}`).execute();
    expect(audited.map((row) => ({ ...row, member_ids: [...row.member_ids].sort((a, b) => a - b) }))).toEqual([{ user_id: null, member_ids: held, address: "npm run user" }]);
    const changes = await test.database.db.selectFrom("callback_changes").select(["member_id", "user_id"]).where("change", "=", "reassigned").where("member_id", "in", held).execute();
    expect(changes.map((row) => row.member_id).sort((a, b) => a - b)).toEqual(held);
    expect(new Set(changes.map((row) => row.user_id))).toEqual(new Set([leaver.id]));
  });
});
