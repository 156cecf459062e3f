// @vitest-environment node
// Next's take and claim each commit by themselves: the claim is written only if nothing its verdict
// read changed in between. Here a member's versions are read as the take reads them, then
// something commits (a save marking its state, another claim, an import) or is in flight, and the
// claim is asked for: written only when nothing did.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { claimServed } from "../members/claims.repository.ts";
import { MEMBER_VERSION, unchangedSince } from "./next.repository.ts";

describe.each(ENGINES)("a claim written only over what the take read, on %s", (engine) => {
  let test: TestApp;
  let userId: number;
  let sessionId: string;
  let members: number[];

  beforeAll(async () => {
    test = await startTestApp({ engine, env: { QUEUE_CALLING_HOURS: "00:00-24:00" } });
    const { db } = test.database;
    await test.sessionOf(STAFF_EMAIL);
    const user = await db.selectFrom("users").select("id").where("email", "=", STAFF_EMAIL).executeTakeFirstOrThrow();
    userId = user.id;
    sessionId = (await db.selectFrom("sessions").select("id").where("user_id", "=", userId).executeTakeFirstOrThrow()).id;
    const { rows } = await sql<{ id: number }>`
      select m.id from members m where not exists (select 1 from member_claims c where c.member_id = m.id) order by m.id limit 6`.execute(db);
    members = rows.map((row) => row.id);
  }, 180_000);
  afterAll(() => test?.close());

  const versionsOf = async (memberId: number) => {
    const { rows } = await sql<{ member: string; state: string }>`
      select ${MEMBER_VERSION} as member, q.xmin::text as state
      from members m join queue_state q on q.member_id = m.id join member_work w on w.member_id = m.id where m.id = ${memberId}`.execute(test.database.db);
    return rows[0]!;
  };
  const claim = (memberId: number, only: ReturnType<typeof unchangedSince>) =>
    claimServed(test.database.db, memberId, { userId, sessionId }, new Date(), "127.0.0.1", sql`select ${memberId}::int as id`, only);
  const claimed = async (memberId: number) =>
    (await sql<{ n: string }>`select count(*) as n from member_claims where member_id = ${memberId} and expires_at > now()`.execute(test.database.db)).rows[0]!.n === "1";

  it("is written when neither the member nor its queue state changed", async () => {
    const memberId = members[0]!;
    expect(await claim(memberId, unchangedSince(memberId, await versionsOf(memberId)))).toBeDefined();
    expect(await claimed(memberId)).toBe(true);
  });

  it("is not written when the member's queue state was written since (a save marks it stale)", async () => {
    const memberId = members[1]!;
    const versions = await versionsOf(memberId);
    await sql`update queue_state set stale = true where member_id = ${memberId}`.execute(test.database.db);
    expect(await claim(memberId, unchangedSince(memberId, versions))).toBeUndefined();
    expect(await claimed(memberId)).toBe(false);
  });

  it("is not written when the member's row was written since", async () => {
    const memberId = members[2]!;
    const versions = await versionsOf(memberId);
    await sql`update members set city = city where id = ${memberId}`.execute(test.database.db);
    expect(await claim(memberId, unchangedSince(memberId, versions))).toBeUndefined();
    expect(await claimed(memberId)).toBe(false);
  });

  it("is not written when the member's worked row was written since (a note saved)", async () => {
    const memberId = members[5]!;
    const versions = await versionsOf(memberId);
    await sql`update member_work set notes = 'called', version = version + 1 where member_id = ${memberId}`.execute(test.database.db);
    expect(await claim(memberId, unchangedSince(memberId, versions))).toBeUndefined();
    expect(await claimed(memberId)).toBe(false);
  });

  it.runIf(engine === "postgres")("is not written while a save of the member is in flight (its row locked)", async () => {
    const memberId = members[3]!;
    const versions = await versionsOf(memberId);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const saving = test.database.db.transaction().execute(async (trx) => {
      await sql`select id from members where id = ${memberId} for update`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    expect(await claim(memberId, unchangedSince(memberId, versions))).toBeUndefined();
    release();
    await saving;
    expect(await claimed(memberId)).toBe(false);
  });

  it("for a campaign, is not written once the campaign is no longer active", async () => {
    const memberId = members[4]!;
    const { db } = test.database;
    const { rows } = await sql<{ id: number }>`
      insert into campaigns (name, state, starts_on, ends_on, changed_by)
      values ('Paused meanwhile', 'paused', current_date, current_date, ${userId}) returning id`.execute(db);
    const campaignId = rows[0]!.id;
    expect(await claim(memberId, unchangedSince(memberId, await versionsOf(memberId), campaignId))).toBeUndefined();
    await sql`update campaigns set state = 'active' where id = ${campaignId}`.execute(db);
    expect(await claim(memberId, unchangedSince(memberId, await versionsOf(memberId), campaignId))).toBeDefined();
  });
});
