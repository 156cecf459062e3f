// @vitest-environment node
// The members list's search, paging and counts in SQL (members.repository.ts, search.repository.ts),
// on PGlite and on PostgreSQL 15: hand-computed answers on five fixed members, then the demo data
// against fuse.js run over every member (the specification's rule), and pages read from either end.
import Fuse from "fuse.js";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FUSE_OPTIONS, searchTermsOf, toSearchDoc } from "../../domain/search/searchTerms.ts";
import type { MemberSortColumn } from "../../domain/membersOrder.ts";
import { namesBeginWith } from "../../domain/search/shortSearch.ts";
import { ENGINES, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { freshTestDatabase } from "../../tests/support/testDatabase.ts";
import { membersPage, type MembersQuery } from "./members.repository.ts";
import type { SearchedValues } from "./search.repository.ts";

const FIXED = [
  { id: 1, first_name: "Anna", middle_name: "Lee", last_name: "Smith", subscriber_id: "100200300", pat_num: "5001", phone: "(797) 655-4157", date_of_birth: "2019-03-24" },
  { id: 2, first_name: "Johnathan", middle_name: "", last_name: "Richardson", subscriber_id: "100200301", pat_num: "5002", phone: "(212) 555-0101", date_of_birth: "2015-07-04" },
  { id: 3, first_name: "Maria", middle_name: "Anna", last_name: "Lopez", subscriber_id: "900800700", pat_num: "5003", phone: "(305) 123-9876", date_of_birth: "2019-03-24" },
  { id: 4, first_name: "Smitty", middle_name: "", last_name: "Jones", subscriber_id: "555666777", pat_num: "5004", phone: "(404) 797-6554", date_of_birth: "2010-12-01" },
  { id: 5, first_name: "Ann", middle_name: "", last_name: "Richards_on", subscriber_id: "1002%0300", pat_num: "5005", phone: "(505) 000-1111", date_of_birth: "2012-01-31" },
];

async function insertFixed(database: DatabaseHandle) {
  const { db } = database;
  await db.insertInto("regions").values({ id: 1, name: "FSD", brand_name: "Family Smiles" }).execute();
  await db.insertInto("practices").values({ id: 1, name: "Family Smiles Austin", abbr: "FSD-AUS", region_id: 1, brands: ["denta"] }).execute();
  await db
    .insertInto("members")
    .values(
      FIXED.map((member) => ({
        ...member,
        company: "denta",
        mco: "DentaQuest",
        practice_id: 1,
        address1: "1 Main St",
        city: "Austin",
        state: "TX",
        days_extracted: 10,
        entry_time: new Date("2026-01-01T00:00:00Z"),
      })),
    )
    .execute();
}

/** The sort columns that are never empty: all but the notes, note time, last visit, next appointment and Practice. */
const NEVER_EMPTY: MemberSortColumn[] = ["Subscriber_ID", "PatNum", "MCO", "First_Name", "Middle_Name", "Last_Name", "Address1", "City", "State", "Phone", "Date_of_Birth", "Age", "Days_Extracted", "Status", "Result", "entryTime"];

const page = (database: DatabaseHandle, query: Partial<MembersQuery>) => membersPage(database.db, { pageNum: 1, pageSize: 100, ...query });
const idsFound = async (database: DatabaseHandle, search: string) => (await page(database, { search })).rows.map((row) => row.id).sort((a, b) => a - b);

describe.each(ENGINES)("members search on five fixed members, %s", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshTestDatabase();
    await insertFixed(database);
  }, 120_000);
  afterAll(() => database?.close());

  it("finds a text under ten characters exactly, in any case, in names, ids, phone and birth date", async () => {
    expect(await idsFound(database, "smit")).toEqual([1, 4]);
    expect(await idsFound(database, "ANNA")).toEqual([1, 3]);
    expect(await idsFound(database, "anna smith")).toEqual([1]);
    expect(await idsFound(database, "5003")).toEqual([3]);
    expect(await idsFound(database, "555-01")).toEqual([2]);
    expect(await idsFound(database, "2015-07")).toEqual([2]);
    expect(await idsFound(database, "12/01/")).toEqual([4]);
    // No value holds it exactly, and a text this short allows no error.
    expect(await idsFound(database, "smiht")).toEqual([]);
    // "Lee" is the middle name and "Smith" the last: "First Last" only, not across values.
    expect(await idsFound(database, "lee smith")).toEqual([]);
  });

  it("allows one error per ten characters", async () => {
    // 19 characters, one letter missing from "Johnathan Richardson".
    expect(await idsFound(database, "Jonathan Richardson")).toEqual([2]);
    // 17 characters (one error allowed), two letters missing.
    expect(await idsFound(database, "Jonthan Richarson")).toEqual([]);
    // 10 characters: "Richards_on" holds "richardson" with one character inserted.
    expect(await idsFound(database, "richardson")).toEqual([2, 5]);
    // One letter changed is one error; "Richards_on" would need two.
    expect(await idsFound(database, "richardsun")).toEqual([2]);
  });

  it("finds a phone typed as digits, and a full birth date exactly", async () => {
    expect(await idsFound(database, "7976554157")).toEqual([1]);
    expect(await idsFound(database, "797-655-4157")).toEqual([1]);
    // Seven digits are searched in the phones' digits too: Smitty's (404) 797-6554 holds them.
    expect(await idsFound(database, "7976554")).toEqual([1, 4]);
    // Six digits are not: no value holds "655415" as written.
    expect(await idsFound(database, "655415")).toEqual([]);
    expect(await idsFound(database, "03/24/2019")).toEqual([1, 3]);
    expect(await idsFound(database, "2019-3-24")).toEqual([1, 3]);
    expect(await idsFound(database, "2019-03-25")).toEqual([]);
  });

  it("finds for a text of one or two characters the first or last names beginning with it", async () => {
    expect(await idsFound(database, "an")).toEqual([1, 5]);
    expect(await idsFound(database, " j ")).toEqual([2, 4]);
    expect(await idsFound(database, "it")).toEqual([]);
    expect(await idsFound(database, "50")).toEqual([]);
    expect(await idsFound(database, "_")).toEqual([]);
    expect((await page(database, { search: "R", pageSize: 1 })).total).toBe(2);
  });

  it("takes %, _ and \\ in the text literally", async () => {
    expect(await idsFound(database, "1002%03")).toEqual([5]);
    expect(await idsFound(database, "s_on")).toEqual([5]);
    expect(await idsFound(database, "100%300")).toEqual([]);
    expect(await idsFound(database, "a\\b")).toEqual([]);
  });

  it("counts what it finds, within the other filters", async () => {
    expect((await page(database, { search: "anna", pageSize: 1 })).total).toBe(2);
    expect((await page(database, { search: "anna", status: "Dropped Patient" })).total).toBe(0);
    expect((await page(database, { search: "anna", status: "New Patient" })).total).toBe(2);
  });
});

describe.each(ENGINES)("members sorted by practice, %s", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshTestDatabase();
    await insertFixed(database);
    await database.db.insertInto("practices").values({ id: 2, name: "Family Smiles Bastrop", abbr: "FSD-BAS", region_id: 1, brands: ["denta"] }).execute();
    await database.db.updateTable("members").set({ practice_id: 2 }).where("id", "in", [1, 3]).execute();
  }, 120_000);
  afterAll(() => database?.close());

  const listed = async (query: Partial<MembersQuery> = {}) =>
    (await page(database, { orderByColumn: "Practice", ...query })).rows.map((row) => [row.practice, row.id]);

  it("orders by the practice's abbreviation, ties by id, and follows a move or a new abbreviation", async () => {
    expect(await listed()).toEqual([["FSD-AUS", 2], ["FSD-AUS", 4], ["FSD-AUS", 5], ["FSD-BAS", 1], ["FSD-BAS", 3]]);
    expect(await listed({ sameColumn: true })).toEqual([["FSD-BAS", 1], ["FSD-BAS", 3], ["FSD-AUS", 2], ["FSD-AUS", 4], ["FSD-AUS", 5]]);
    await database.db.updateTable("members").set({ practice_id: 1 }).where("id", "=", 3).execute();
    expect(await listed({ pageNum: 2, pageSize: 2 })).toEqual([["FSD-AUS", 4], ["FSD-AUS", 5]]);
    await database.db.updateTable("practices").set({ abbr: "FSD-ZIL" }).where("id", "=", 1).execute();
    expect(await listed()).toEqual([["FSD-BAS", 1], ["FSD-ZIL", 2], ["FSD-ZIL", 3], ["FSD-ZIL", 4], ["FSD-ZIL", 5]]);
    // Written by hand, the key still follows the practice.
    await database.db.updateTable("members").set({ practice_abbr: "AAA" }).where("id", "=", 5).execute();
    expect((await listed()).at(-1)).toEqual(["FSD-ZIL", 5]);
  });

  it("counts the members of practices exactly through moves, inserts and deletes", async () => {
    const total = async (practice: string) => (await page(database, { practice })).total;
    const before = [await total("1"), await total("2")];
    await database.db.updateTable("members").set({ practice_id: 2 }).where("id", "=", 2).execute();
    expect([await total("1"), await total("2"), await total("1,2")]).toEqual([before[0]! - 1, before[1]! + 1, 5]);
    const { id: _id, search_text: _text, phone_digits: _digits, ...copy } = (await database.db.selectFrom("members").selectAll().where("id", "=", 2).executeTakeFirstOrThrow()) as Record<string, unknown>;
    const added = await database.db.insertInto("members").values({ ...copy, id: 99 } as never).returning("id").executeTakeFirstOrThrow();
    expect([await total("2"), (await page(database, {})).total, (await page(database, { region: "FSD" })).total]).toEqual([before[1]! + 2, 6, 6]);
    await database.db.deleteFrom("members").where("id", "=", added.id).execute();
    expect([await total("1"), await total("2"), (await page(database, {})).total]).toEqual([before[0]! - 1, before[1]! + 1, 5]);
  });
});

describe.each(ENGINES)("members list on the demo data, %s", (engine) => {
  let server: TestApp;
  let members: SearchedValues[];
  beforeAll(async () => {
    server = await startTestApp({ engine });
    const { rows } = await sql<SearchedValues>`
      select id, first_name as "First_Name", middle_name as "Middle_Name", last_name as "Last_Name",
        subscriber_id as "Subscriber_ID", pat_num as "PatNum", phone as "Phone",
        to_char(date_of_birth, 'YYYY-MM-DD') as "Date_of_Birth"
      from members order by id`.execute(server.database.db);
    members = rows;
  }, 180_000);
  afterAll(() => server?.close());

  /** The specification's answer: fuse.js over every member, the birth date exactly; short texts by prefix. */
  function fuseFinds(text: string): number[] {
    const found = new Set<number>();
    for (const term of searchTermsOf(text)) {
      if ("birthDate" in term) members.forEach((m) => m.Date_of_Birth === term.birthDate && found.add(m.id));
      else if ("namePrefix" in term) members.forEach((m) => namesBeginWith(m, term.namePrefix) && found.add(m.id));
      else new Fuse(members.map(toSearchDoc), { ...FUSE_OPTIONS, keys: [...term.keys] }).search(term.pattern).forEach((match) => found.add(members[match.refIndex]!.id));
    }
    return [...found].sort((a, b) => a - b);
  }

  it("finds exactly the members fuse.js finds, typos included", { timeout: 120_000 }, async () => {
    const someone = members[700]!;
    const texts = [
      someone.Last_Name,
      `${someone.First_Name} ${someone.Last_Name}`,
      `${someone.First_Name.slice(1)} ${someone.Last_Name}x`,
      `${someone.First_Name}${someone.Last_Name}`,
      someone.Phone.replace(/\D/g, ""),
      someone.Phone.replace(/\D/g, "").replace(/^./, "0"),
      someone.Subscriber_ID.slice(0, 5),
      `${someone.Subscriber_ID.slice(0, 4)}9${someone.Subscriber_ID.slice(5)}x`,
      "an",
      "M",
      "Christopher Richardsonn Williamson Montgomery",
    ];
    for (const text of texts) {
      const found: number[] = [];
      for (let pageNum = 1; pageNum === 1 || found.length % 1000 === 0; pageNum += 1) {
        const { rows, total } = await membersPage(server.database.db, { pageNum, pageSize: 1000, search: text });
        found.push(...rows.map((row) => row.id));
        if (found.length >= total) break;
      }
      expect(found.sort((a, b) => a - b), text).toEqual(fuseFinds(text));
    }
  });

  it("reads pages past the middle from the other end in the same order, and counts from member_counts", { timeout: 120_000 }, async () => {
    for (const query of [{ orderByColumn: "City" as const, sameColumn: true }, { orderByColumn: "NextApt" as const }, { orderByColumn: "LastVisit" as const, sameColumn: true }, { orderByColumn: "Age" as const }, { orderByColumn: "Practice" as const, sameColumn: true }, {}]) {
      const whole = await membersPage(server.database.db, { ...query, pageNum: 1, pageSize: 1000, practice: "1,2,3" });
      expect(whole.total).toBeLessThan(1000);
      const pages = [];
      for (let pageNum = 1; pageNum <= Math.ceil(whole.total / 15); pageNum += 1) {
        pages.push(...(await membersPage(server.database.db, { ...query, pageNum, pageSize: 15, practice: "1,2,3" })).rows.map((row) => row.id));
      }
      expect(pages).toEqual(whole.rows.map((row) => row.id));
    }
    const byPractice = await sql<{ n: string }>`select count(*) as n from members where practice_id in (1, 2, 3)`.execute(server.database.db);
    expect((await membersPage(server.database.db, { pageNum: 1, pageSize: 15, practice: "1,2,3" })).total).toBe(Number(byPractice.rows[0]!.n));
  });

  it("orders every column that is never empty descending as its ascending order exactly reversed, and walks it by cursor both ways", { timeout: 120_000 }, async () => {
    const { db } = server.database;
    const practice = "1,2,3";
    const idsOf = async (query: Partial<MembersQuery>) => (await membersPage(db, { pageNum: 1, pageSize: 1000, practice, ...query })).rows.map((row) => row.id);
    for (const orderByColumn of NEVER_EMPTY) {
      const ascending = await idsOf({ orderByColumn });
      expect(ascending.length).toBeLessThan(1000);
      expect(await idsOf({ orderByColumn, sameColumn: true }), orderByColumn).toEqual([...ascending].reverse());
    }
    // Long runs of one value (a blank result, one extraction day) across the pages' edges.
    for (const orderByColumn of ["Result", "Days_Extracted"] as const) {
      const whole = await idsOf({ orderByColumn, sameColumn: true });
      const pages = [await membersPage(db, { pageNum: 1, pageSize: 40, practice, orderByColumn, sameColumn: true })];
      while (pages.at(-1)!.rows.length === 40) pages.push(await membersPage(db, { pageNum: pages.length + 1, pageSize: 40, practice, orderByColumn, sameColumn: true, cursor: pages.at(-1)!.next_cursor }));
      expect(pages.flatMap((paged) => paged.rows.map((row) => row.id)), orderByColumn).toEqual(whole);
      for (const [index, paged] of pages.entries()) {
        if (index === 0 || paged.rows.length === 0) continue;
        const back = await membersPage(db, { pageNum: index, pageSize: 40, practice, orderByColumn, sameColumn: true, cursor: paged.previous_cursor });
        expect(back.rows.map((row) => row.id)).toEqual(pages[index - 1]!.rows.map((row) => row.id));
      }
    }
  });

  it("keeps counts exact through saves, inserts and deletes", async () => {
    const { db } = server.database;
    const countOf = async (result: string) => (await membersPage(db, { pageNum: 1, pageSize: 15, result })).total;
    const before = { blank: await countOf(""), broken: await countOf("Broken") };
    const ids = (await db.selectFrom("member_work").select("member_id").where("result", "=", "").orderBy("member_id").limit(3).execute()).map((row) => row.member_id);
    await db.updateTable("member_work").set({ result: "Broken" }).where("member_id", "in", ids).execute();
    expect({ blank: await countOf(""), broken: await countOf("Broken") }).toEqual({ blank: before.blank - 3, broken: before.broken + 3 });
    const { id: _id, search_text: _text, phone_digits: _digits, ...copy } = await db.selectFrom("members").selectAll().where("id", "=", ids[0]!).executeTakeFirstOrThrow() as Record<string, unknown>;
    const added = await db.insertInto("members").values(copy as never).returning("id").executeTakeFirstOrThrow();
    expect({ blank: await countOf(""), broken: await countOf("Broken") }).toEqual({ blank: before.blank - 2, broken: before.broken + 3 });
    await db.updateTable("member_work").set({ result: "Broken" }).where("member_id", "=", added.id).execute();
    expect(await countOf("Broken")).toBe(before.broken + 4);
    await db.deleteFrom("members").where("id", "=", added.id).execute();
    expect(await countOf("Broken")).toBe(before.broken + 3);
  });
});
