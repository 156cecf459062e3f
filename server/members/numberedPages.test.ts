// @vitest-environment node
// A page typed by its number in the default order or by practice starts its walk at the run of
// the order holding it (pageRuns.repository.ts): it must hold exactly the rows the same page read
// by offset holds, across the runs' edges, from either end of a run, after members are added,
// renamed and removed (the runs' counts follow them in the same transactions).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { membersPage, type MembersQuery } from "./members.repository.ts";
import { RUNS_FROM, runStart } from "./pageRuns.repository.ts";

type Order = Pick<MembersQuery, "orderByColumn" | "sameColumn">;

const ORDERS: { name: string; order: Order; sql: string }[] = [
  { name: "the default order", order: {}, sql: `last_name collate "C", first_name collate "C", id` },
  { name: "practice", order: { orderByColumn: "Practice" }, sql: `practice_abbr collate "C" asc nulls last, id` },
  { name: "practice descending", order: { orderByColumn: "Practice", sameColumn: true }, sql: `practice_abbr collate "C" desc nulls last, id` },
];

describe.each(ENGINES)("numbered pages on %s", (engine) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp({ engine });
    const { db } = server.database;
    // Seven times the seeded members, so that the middle pages lie far enough from both ends; the
    // copies' last names start other runs (a prefix, a name of one character, lower case), and
    // having no history, they are the members removed below.
    const { rows } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = 'members' and is_generated = 'NEVER' and is_identity = 'NO'`.execute(db);
    const copied = rows.map((row) => row.name);
    const values = copied.map((name) =>
      name === "subscriber_id" ? sql`subscriber_id || '-' || k` : name === "last_name" ? sql`(array[last_name, 'Z' || last_name, 'X', lower(last_name), 'Mc' || last_name, last_name || 'son'])[k]` : sql.ref(name),
    );
    await sql`insert into members (${sql.join(copied.map((name) => sql.ref(name)))})
      select ${sql.join(values)} from members, generate_series(1, 6) k`.execute(db);
  }, 240_000);
  afterAll(() => server?.close());

  async function idsByOffset(order: string, skip: number, size: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`select id from members order by ${sql.raw(order)} offset ${skip} limit ${size}`.execute(server.database.db);
    return rows.map((row) => row.id);
  }

  async function total(): Promise<number> {
    return (await membersPage(server.database.db, { pageNum: 1, pageSize: 15 })).total;
  }

  /** Page numbers whose rows cross from one run of the order to the next, or pages at a stride (larger pages). */
  async function pagesToCheck(order: (typeof ORDERS)[number], size: number, members: number): Promise<number[]> {
    if (size > 15) return Array.from({ length: Math.ceil(members / size / 5) }, (_, index) => index * 5 + 1);
    const key = order.order.orderByColumn ? sql`practice_abbr` : sql`left(last_name, 2)`;
    const { rows } = await sql<{ first: string }>`
      select min(place) as first from (select ${key} as run, row_number() over (order by ${sql.raw(order.sql)}) - 1 as place from members) m group by run`.execute(server.database.db);
    // Every third edge of the default order's ~250 runs (each practice's edge): the check's time stays short.
    const edges = rows.map((row) => Number(row.first)).filter((first, index) => first > 0 && (order.order.orderByColumn || index % 3 === 0));
    return [...new Set(edges.map((edge) => Math.floor((edge - 1) / size) + 1))];
  }

  async function expectEveryPageAsByOffset() {
    const members = await total();
    for (const order of ORDERS) {
      for (const size of [15, 100]) {
        for (const pageNum of await pagesToCheck(order, size, members)) {
          const page = await membersPage(server.database.db, { pageNum, pageSize: size, ...order.order });
          expect(page.rows.map((row) => row.id), `${order.name}, page ${pageNum} of ${size}`).toEqual(await idsByOffset(order.sql, (pageNum - 1) * size, size));
        }
      }
    }
  }

  it("starts the middle pages at their run, in every order the runs are kept for", async () => {
    const members = await total();
    expect(members).toBeGreaterThan(4 * RUNS_FROM);
    const middle = Math.floor(members / 2);
    for (const order of ORDERS) {
      expect(await runStart(server.database.db, order.order.orderByColumn, Boolean(order.order.sameColumn), middle, 15, members), order.name).toBeDefined();
    }
  });

  it("answers every page as the same page read by offset", async () => {
    await expectEveryPageAsByOffset();
  }, 240_000);

  it("still does after members are renamed, removed and moved to another practice", async () => {
    const { db } = server.database;
    const ids = (await db.selectFrom("members").select("id").orderBy("id", "desc").limit(40).execute()).map((row) => row.id);
    await db.updateTable("members").set({ last_name: "Aaron" }).where("id", "in", ids.slice(0, 10)).execute();
    await db.updateTable("members").set({ last_name: sql`'Zz' || last_name` }).where("id", "in", ids.slice(10, 20)).execute();
    await db.updateTable("members").set({ practice_id: 1 }).where("id", "in", ids.slice(20, 30)).execute();
    await db.deleteFrom("members").where("id", "in", ids.slice(30, 40)).execute();
    const { rows } = await sql<{ prefix: string }>`
      select coalesce(c.prefix, m.prefix) as prefix
      from member_last_name_counts c
      full join (select left(last_name, 2) as prefix, count(*)::int as n from members group by 1) m on m.prefix = c.prefix
      where coalesce(c.n, 0) <> coalesce(m.n, 0)`.execute(db);
    expect(rows).toEqual([]);
    await expectEveryPageAsByOffset();
  }, 240_000);
});
