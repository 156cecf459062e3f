// @vitest-environment node
// A campaign's open callbacks are kept as a count (migration 0059), which the Campaigns page reads:
// after every operation that can move it (a callback booked, moved, reassigned, closed or
// cancelled, a result saved, changed or deleted in the campaign) the kept count equals the count
// taken from the callbacks and results themselves, and two transactions booking and saving for
// one member at once leave it exact (PostgreSQL: two connections).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { TestDatabase } from "../../tests/support/testDatabase.ts";
import { freshTestDatabase, insertPracticeGroup, MEMBER } from "../../tests/support/reportsFixtureB.ts";
import { endCallback, writeBooking, writeOwners } from "../queue/callbacks.repository.ts";
import { campaignWork } from "./campaignProgress.repository.ts";

let database: TestDatabase;
let recare: number;
let newPatients: number;
const CAL = 1;
const SEC = 2;
const at = (time: string) => new Date(`2026-11-17T${time}:00Z`);

/** The open callbacks each campaign counts, taken from the callbacks and results themselves. */
async function recounted(db: Kysely<Database>): Promise<Record<number, number>> {
  const { rows } = await sql<{ campaign_id: number; n: number }>`
    select r.campaign_id, count(distinct cb.id)::int as n
    from callbacks cb join results r on r.member_id = cb.member_id and r.user_id = cb.booked_by and r.created_at <= cb.booked_at
    where cb.status = 'open' and r.campaign_id is not null group by r.campaign_id`.execute(db);
  return { [recare]: 0, [newPatients]: 0, ...Object.fromEntries(rows.map((row) => [row.campaign_id, row.n])) };
}

/** The open callbacks each campaign's progress shows. */
async function kept(db: Kysely<Database>): Promise<Record<number, number>> {
  const work = await campaignWork(db, [recare, newPatients].map((id) => ({ id, appointmentResult: "Appointment Made" })));
  return Object.fromEntries([...work].map(([id, counts]) => [id, counts.callbacksOpen]));
}

const save = (db: Kysely<Database>, member: number, user: number, time: string, campaign: number | null = recare, result = "Contact Made Call Back") =>
  db.insertInto("results").values({ member_id: member, user_id: user, result, created_at: at(time), campaign_id: campaign }).execute();
const book = (db: Kysely<Database>, member: number, user: number, time: string) =>
  db.transaction().execute((trx) => writeBooking(trx, { memberId: member, dueAt: at("23:00"), note: "", ownerId: user, ownerUntil: null, at: at(time) }, undefined));
const openCallbackOf = async (member: number) =>
  (await database.db.selectFrom("callbacks").select(["id", "member_id", "due_at", "owner_id", "booked_by", "status"]).where("member_id", "=", member).where("status", "=", "open").executeTakeFirstOrThrow());

/** Whether a transaction waits for another's lock. */
const bookingWaits = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`.execute(database.db)).rows[0]!.n > 0;

async function expectKeptEqualsRecount(expected: Record<number, number>) {
  const counts = await recounted(database.db);
  expect(counts).toEqual(expected);
  expect(await kept(database.db)).toEqual(counts);
}

beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
  await database.db.insertInto("users").values({ id: SEC, email: "second@example.test", firstname: "Sec", lastname: "Ond", default_page: "/members", password_hash: null }).execute();
  const campaign = async (name: string) => (await database.db.insertInto("campaigns").values({ name, starts_on: "2026-11-01", ends_on: "2026-12-31" }).returning("id").executeTakeFirstOrThrow()).id;
  recare = await campaign("Recare");
  newPatients = await campaign("New patients");
}, 60_000);
beforeEach(async () => {
  await database.db.deleteFrom("callback_changes").execute();
  await database.db.deleteFrom("callbacks").execute();
  await database.db.deleteFrom("results").execute();
});
afterAll(async () => {
  await database?.close();
});

describe("a campaign's open callbacks, kept", () => {
  it("follows a callback booked after a result in the campaign, moved, reassigned, closed and cancelled", async () => {
    await save(database.db, MEMBER.m1, CAL, "10:00");
    await save(database.db, MEMBER.m1, CAL, "10:05", newPatients);
    await save(database.db, MEMBER.m2, CAL, "10:00", null);
    await expectKeptEqualsRecount({ [recare]: 0, [newPatients]: 0 });

    await book(database.db, MEMBER.m1, CAL, "10:10");
    await book(database.db, MEMBER.m2, CAL, "10:10");
    await expectKeptEqualsRecount({ [recare]: 1, [newPatients]: 1 });

    const open = await openCallbackOf(MEMBER.m1);
    await database.db.transaction().execute((trx) => writeBooking(trx, { memberId: MEMBER.m1, dueAt: at("23:30"), note: "later", ownerId: CAL, ownerUntil: null, at: at("10:20") }, open as never));
    await expectKeptEqualsRecount({ [recare]: 1, [newPatients]: 1 });

    await database.db.transaction().execute((trx) => writeOwners(trx, [open.id], SEC, 60_000, CAL, at("10:30")));
    await expectKeptEqualsRecount({ [recare]: 1, [newPatients]: 1 });

    await database.db.transaction().execute((trx) => endCallback(trx, open.id, "closed", CAL, at("10:40")));
    await expectKeptEqualsRecount({ [recare]: 0, [newPatients]: 0 });

    await book(database.db, MEMBER.m1, CAL, "10:50");
    await expectKeptEqualsRecount({ [recare]: 1, [newPatients]: 1 });
    const rebooked = await openCallbackOf(MEMBER.m1);
    await database.db.transaction().execute((trx) => endCallback(trx, rebooked.id, "cancelled", CAL, at("11:00")));
    await expectKeptEqualsRecount({ [recare]: 0, [newPatients]: 0 });
  });

  it("follows results saved in a campaign: with the booking in one transaction, after it, changed and deleted", async () => {
    // The save of Contact Made Call Back: its result and its callback at one time, in either order.
    await database.db.transaction().execute(async (trx) => {
      await writeBooking(trx, { memberId: MEMBER.m1, dueAt: at("23:00"), note: "", ownerId: CAL, ownerUntil: null, at: at("12:00") }, undefined);
      await save(trx, MEMBER.m1, CAL, "12:00");
    });
    await expectKeptEqualsRecount({ [recare]: 1, [newPatients]: 0 });

    // Another agent's result, and the booker's result after the booking: not counted.
    await save(database.db, MEMBER.m1, SEC, "11:00", newPatients);
    await save(database.db, MEMBER.m1, CAL, "12:30", newPatients);
    await expectKeptEqualsRecount({ [recare]: 1, [newPatients]: 0 });

    // A result moved earlier, or into another campaign, counts where it now is.
    await database.db.updateTable("results").set({ created_at: at("11:30") }).where("user_id", "=", CAL).where("campaign_id", "=", newPatients).execute();
    await expectKeptEqualsRecount({ [recare]: 1, [newPatients]: 1 });
    await database.db.updateTable("results").set({ campaign_id: newPatients }).where("campaign_id", "=", recare).execute();
    await expectKeptEqualsRecount({ [recare]: 0, [newPatients]: 1 });

    await database.db.deleteFrom("results").where("user_id", "=", CAL).execute();
    await expectKeptEqualsRecount({ [recare]: 0, [newPatients]: 0 });

    await save(database.db, MEMBER.m1, CAL, "11:45");
    await expectKeptEqualsRecount({ [recare]: 1, [newPatients]: 0 });
    await sql`truncate results cascade`.execute(database.db);
    await expectKeptEqualsRecount({ [recare]: 0, [newPatients]: 0 });
  });

  it("counts nothing of a rolled back booking", async () => {
    await save(database.db, MEMBER.m3, CAL, "09:00");
    await database.db
      .transaction()
      .execute(async (trx) => {
        await writeBooking(trx, { memberId: MEMBER.m3, dueAt: at("23:00"), note: "", ownerId: CAL, ownerUntil: null, at: at("09:10") }, undefined);
        throw new Error("roll back");
      })
      .catch((error: Error) => expect(error.message).toBe("roll back"));
    await expectKeptEqualsRecount({ [recare]: 0, [newPatients]: 0 });
  });

  describe.runIf(process.env.DATABASE_URL_TEST)("two transactions at once (PostgreSQL)", () => {
    it("stays exact when a result and a booking for one member are saved at once", async () => {
      // The save holds its transaction open until the booking has counted too, or waits for it.
      let booking: Promise<unknown> | undefined;
      let booked = false;
      await database.db.transaction().execute(async (trx) => {
        await save(trx, MEMBER.m4, CAL, "08:00");
        booking = database.db
          .transaction()
          .execute(async (other) => {
            await writeBooking(other, { memberId: MEMBER.m4, dueAt: at("23:00"), note: "", ownerId: CAL, ownerUntil: null, at: at("08:10") }, undefined);
          })
          .finally(() => (booked = true));
        while (!booked && !(await bookingWaits())) await sql`select 1`.execute(database.db);
      });
      await booking;
      await expectKeptEqualsRecount({ [recare]: 1, [newPatients]: 0 });
    });
  });
});
