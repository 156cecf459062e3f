// @vitest-environment node
// The list's counts (member_counts) follow every change of a counted column of members, one row or
// many at once, and no other change (docs: bench/README.md, How the members list stays fast).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { seededTemplate } from "../db/template.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://", template: await seededTemplate({ size: 1500 }) });
}, 120_000);
afterAll(() => database?.close());

/** Groups whose kept count differs from the members counted now. */
async function wrongCounts(): Promise<number> {
  const { rows } = await sql<{ wrong: number }>`
    select count(*)::int as wrong
    from (select practice_id, company, status, result, mco, coalesce(dentist_id, 0) as dentist, count(*)::int as n from members group by 1, 2, 3, 4, 5, 6) g
    full join member_counts c using (practice_id, company, status, result, mco, dentist)
    where coalesce(g.n, 0) <> coalesce(c.n, 0)`.execute(database.db);
  return rows[0]!.wrong;
}

describe("member_counts", () => {
  it("follow a saved result, a bulk status change, a dentist removed, and ignore a note", async () => {
    const ids = (await database.db.selectFrom("members").select("id").orderBy("id").limit(3).execute()).map((row) => row.id);
    await database.db.updateTable("members").set({ result: "Left message" }).where("id", "=", ids[0]!).execute();
    await database.db.updateTable("members").set({ notes: "called", version: 2 }).where("id", "=", ids[1]!).execute();
    await database.db.updateTable("members").set({ status: "New Patient" }).where("practice_id", "=", 1).execute();
    await database.db.updateTable("members").set({ dentist_id: null, result: "No answer" }).where("id", "in", ids).execute();
    expect(await wrongCounts()).toBe(0);
  });

  it("stay right when two groups trade members at once", async () => {
    const [a, b] = await database.db.selectFrom("members").select(["id", "result"]).where("result", "<>", "Broken").orderBy("id").limit(2).execute();
    await Promise.all([
      database.db.updateTable("members").set({ result: "Broken" }).where("id", "=", a!.id).execute(),
      database.db.updateTable("members").set({ result: "Transfer" }).where("id", "=", b!.id).execute(),
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
    await database.db.updateTable("members").set({ result: "No answer", notes: "called" }).where("id", "=", c!.id).execute();
    await database.db.updateTable("members").set({ first_name: sql`upper(first_name)` }).where("practice_id", "=", 2).execute();
    await database.db.deleteFrom("first_visits").where("member_id", "=", c!.id).execute();
    await database.db.deleteFrom("members").where("id", "=", c!.id).execute();
    expect(await wrongPrefixCounts()).toEqual([]);
    const zy = await sql<{ n: number }>`select n from member_name_prefix_counts where prefix = 'zy'`.execute(database.db);
    expect(zy.rows[0]?.n).toBeGreaterThanOrEqual(1);
  });
});
