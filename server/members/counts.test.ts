// @vitest-environment node
// The list's counts (member_counts) follow every change of a counted column of members (and of
// their result, in member_work), one row or many at once, inserts and deletes, and no other change (docs: bench/README.md, How the members list stays fast).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { seededPGlite } from "../../tests/support/testDatabase.ts";
import { membersPage } from "./members.repository.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await seededPGlite();
}, 120_000);
afterAll(() => database?.close());

/** Groups whose kept count differs from the members counted now. */
async function wrongCounts(): Promise<number> {
  const { rows } = await sql<{ wrong: number }>`
    select count(*)::int as wrong
    from (select m.practice_id, m.company, v.status, w.result, m.mco, coalesce(m.dentist_id, 0) as dentist, count(*)::int as n
          from members m join member_work w on w.member_id = m.id join member_visits v on v.member_id = m.id group by 1, 2, 3, 4, 5, 6) g
    full join member_counts c using (practice_id, company, status, result, mco, dentist)
    where coalesce(g.n, 0) <> coalesce(c.n, 0)`.execute(database.db);
  return rows[0]!.wrong;
}

describe("member_counts", () => {
  it("give an unfiltered page the members counted, without asking the statistics how many there are", async () => {
    const statements: string[] = [];
    const db = database.db.withPlugin({ transformQuery: ({ node }) => (statements.push(JSON.stringify(node)), node), transformResult: async ({ result }) => result });
    const { n } = await db.selectFrom("members").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect((await membersPage(db, { pageNum: 1, pageSize: 15 })).total).toBe(n);
    expect((await membersPage(db, { pageNum: 2, pageSize: 15, orderByColumn: "Days_Extracted" })).total).toBe(n);
    expect(statements.filter((text) => text.includes("reltuples"))).toEqual([]);
    // A filtered page still weighs walking its order against sorting its members by the estimate.
    await membersPage(db, { pageNum: 1, pageSize: 15, status: "New Patient" });
    expect(statements.filter((text) => text.includes("reltuples"))).toHaveLength(1);
  });

  it("follow a saved result, a bulk status change, a dentist removed, a move, and ignore a note", async () => {
    const { db } = database;
    const ids = (await db.selectFrom("members").select("id").orderBy("id").limit(3).execute()).map((row) => row.id);
    await db.updateTable("member_work").set({ result: "Left message" }).where("member_id", "=", ids[0]!).execute();
    await db.updateTable("member_work").set({ notes: "called", version: 2 }).where("member_id", "=", ids[1]!).execute();
    await db.updateTable("member_visits").set({ status: "New Patient" }).where("practice_id", "=", 1).execute();
    await db.updateTable("members").set({ dentist_id: null }).where("id", "in", ids).execute();
    await db.updateTable("member_work").set({ result: "No answer" }).where("member_id", "in", ids).execute();
    await db.updateTable("members").set({ practice_id: 2, company: "mcna" }).where("id", "=", ids[2]!).execute();
    expect(await wrongCounts()).toBe(0);
  });

  it("follow members added (Blank) and removed with their result", async () => {
    const { db } = database;
    const { id: _id, search_text: _text, phone_digits: _digits, ...copy } = (await db.selectFrom("members").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow()) as Record<string, unknown>;
    const added = await db.insertInto("members").values({ ...copy, subscriber_id: "COUNTED-1" } as never).returning("id").executeTakeFirstOrThrow();
    expect(await db.selectFrom("member_work").select(["result", "version"]).where("member_id", "=", added.id).executeTakeFirst()).toEqual({ result: "", version: 1 });
    await db.updateTable("member_work").set({ result: "Broken" }).where("member_id", "=", added.id).execute();
    expect(await wrongCounts()).toBe(0);
    await db.deleteFrom("members").where("id", "=", added.id).execute();
    expect(await wrongCounts()).toBe(0);
  });

  it("follow statements moving members of different results to other statuses and practices", async () => {
    const { db } = database;
    const ids = (await db.selectFrom("members").select("id").orderBy("id", "desc").limit(40).execute()).map((row) => row.id);
    await db.updateTable("member_work").set({ result: "Broken" }).where("member_id", "in", ids.slice(0, 20)).execute();
    await sql`update member_visits set status = case when member_id % 2 = 0 then 'Recare Future Appointment' else 'Inactive' end
               where member_id = any(${ids}::int[])`.execute(db);
    await sql`update members set practice_id = case when id % 3 = 0 then 2 else practice_id end where id = any(${ids}::int[])`.execute(db);
    expect(await wrongCounts()).toBe(0);
    const copied = await db.selectFrom("member_work as w").innerJoin("members as m", "m.id", "w.member_id").innerJoin("member_visits as v", "v.member_id", "w.member_id")
      .select(["w.member_id"]).where("w.member_id", "in", ids).whereRef("w.status", "=", "v.status").whereRef("w.practice_id", "=", "m.practice_id")
      .whereRef("v.practice_id", "=", "m.practice_id").execute();
    expect(copied).toHaveLength(40);
  });

  it("stay right when two groups trade members at once", async () => {
    const [a, b] = await database.db.selectFrom("member_work").select(["member_id", "result"]).where("result", "<>", "Broken").orderBy("member_id").limit(2).execute();
    await Promise.all([
      database.db.updateTable("member_work").set({ result: "Broken" }).where("member_id", "=", a!.member_id).execute(),
      database.db.updateTable("member_work").set({ result: "Transfer" }).where("member_id", "=", b!.member_id).execute(),
    ]);
    expect(await wrongCounts()).toBe(0);
  });
});

/** Prefixes whose kept count differs from the members whose first or last name begins with them, or that are missing. */
async function wrongPrefixCounts(): Promise<string[]> {
  const { rows } = await sql<{ prefix: string }>`
    select c.prefix from member_name_prefix_counts c
    where c.n <> (select count(*) from members m where lower(m.first_name) like c.prefix || '%' or lower(m.last_name) like c.prefix || '%')
    union all
    select distinct left(lower(m.last_name), 2) from members m
    where not exists (select 1 from member_name_prefix_counts c where c.prefix = left(lower(m.last_name), 2))`.execute(database.db);
  return rows.map((row) => row.prefix);
}

describe("member_name_prefix_counts", () => {
  it("count every name prefix of the seeded members, and follow renames and deletes but not saves", async () => {
    expect(await wrongPrefixCounts()).toEqual([]);
    const [a, b, c] = await database.db.selectFrom("members").select(["id", "first_name", "last_name"]).orderBy("id").limit(3).execute();
    await database.db.updateTable("members").set({ first_name: "Zyx", last_name: `Q${a!.last_name}` }).where("id", "=", a!.id).execute();
    await database.db.updateTable("members").set({ last_name: b!.first_name }).where("id", "=", b!.id).execute();
    await database.db.updateTable("member_work").set({ result: "No answer", notes: "called" }).where("member_id", "=", c!.id).execute();
    await database.db.updateTable("members").set({ first_name: sql`upper(first_name)` }).where("practice_id", "=", 2).execute();
    await database.db.deleteFrom("first_visits").where("member_id", "=", c!.id).execute();
    await database.db.deleteFrom("members").where("id", "=", c!.id).execute();
    expect(await wrongPrefixCounts()).toEqual([]);
    const zy = await sql<{ n: number }>`select n from member_name_prefix_counts where prefix = 'zy'`.execute(database.db);
    expect(zy.rows[0]?.n).toBeGreaterThanOrEqual(1);
  });
});
