// @vitest-environment node
// queue_state keeps a copy of each member's brand, which a walk under a brand filters on instead of
// the member's row (migration 0058): the copy follows every member inserted and every statement
// that changes brands, or a campaign on a brand would be served members of another.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { seededPGlite } from "../../tests/support/testDatabase.ts";

let database: DatabaseHandle;
let ids: number[];

beforeAll(async () => {
  database = await seededPGlite();
  ids = (await database.db.selectFrom("members").select("id").orderBy("id").limit(30).execute()).map((row) => row.id);
}, 120_000);
afterAll(() => database?.close());

/** Members whose queue state holds a brand other than their own. */
const copiesOff = async () => {
  const { rows } = await sql<{ member_id: number }>`
    select q.member_id from queue_state q join members m on m.id = q.member_id where q.company <> m.company order by q.member_id`.execute(database.db);
  return rows.map((row) => row.member_id);
};
const brandsOf = async (memberIds: number[]) =>
  (await database.db.selectFrom("queue_state").select("company").where("member_id", "in", memberIds).orderBy("member_id").execute()).map((row) => row.company);

describe("queue states' copy of the members' brands", () => {
  it("holds every member's brand", async () => {
    expect(await copiesOff()).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(distinct company)::int as n from queue_state`.execute(database.db);
    expect(rows[0]!.n).toBeGreaterThan(1);
  });

  it("follows a statement that moves some members to another brand, and only them", async () => {
    const moved = ids.slice(0, 10);
    await sql`update members set company = case when id = any(${moved}::int[]) then 'tmhp' else company end where id = any(${ids}::int[])`.execute(database.db);
    expect(await brandsOf(moved)).toEqual(moved.map(() => "tmhp"));
    expect(await copiesOff()).toEqual([]);
  });

  it("follows a single member's brand change, and leaves its queue state as worked out", async () => {
    await database.db.updateTable("queue_state").set({ stale: false }).where("member_id", "=", ids[12]!).execute();
    await database.db.updateTable("members").set({ company: "uhc" }).where("id", "=", ids[12]!).execute();
    expect(await brandsOf([ids[12]!])).toEqual(["uhc"]);
    const state = await database.db.selectFrom("queue_state").select("stale").where("member_id", "=", ids[12]!).executeTakeFirstOrThrow();
    expect(state.stale).toBe(false);
  });

  it("is made with a member inserted", async () => {
    const { id: _id, ...row } = await database.db.selectFrom("members").selectAll().where("id", "=", ids[20]!).executeTakeFirstOrThrow();
    const { rows: generated } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'members' and is_generated = 'ALWAYS'`.execute(database.db);
    const copied = Object.fromEntries(Object.entries(row).filter(([column]) => !generated.some((g) => g.column_name === column))) as typeof row;
    const inserted = await database.db
      .insertInto("members")
      .values({ ...copied, subscriber_id: "BRAND-COPY-1", company: "mcna" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await brandsOf([inserted.id])).toEqual(["mcna"]);
  });
});
