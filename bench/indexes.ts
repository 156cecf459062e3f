// npm run bench:indexes: which of the members' indexes the list actually uses. Notes PostgreSQL's
// index scan counts of the benchmark schema, reads the first and the last page of every sort in
// both directions (and the page after the first, by its cursor), unfiltered, for one practice,
// for a status and the Blank result, plus the searches, through
// the list's own query (membersPage), then prints every index of members with the scans since. An
// index that no list query scanned is still written by every insert and by every update that
// changes its columns (a saved result, a note's time).
//   npx tsx bench/indexes.ts [members]      (PostgreSQL; default 200,000)
import { sql } from "kysely";
import type { components } from "../contract/schema.d.ts";
import { membersPage } from "../server/members/members.repository.ts";
import { benchDatabase } from "./load.ts";

type SortColumn = components["schemas"]["MemberSortColumn"];
const SORTS: SortColumn[] = [
  "Subscriber_ID", "PatNum", "MCO", "First_Name", "Middle_Name", "Last_Name", "Practice", "Address1", "City", "State", "Phone",
  "Date_of_Birth", "Age", "Days_Extracted", "notes", "notestimestamp", "Status", "Result", "LastVisit", "NextApt", "entryTime",
];
const FILTERS = [{}, { practice: "1" }, { status: "New Patient" }, { result: "" }];
const SEARCHES = ["smith", "maria garcia", "5551234", "1985-03-02"];

const size = Number(process.argv[2] ?? 200_000);
const database = await benchDatabase("postgres", size);
const { db } = database;
try {
  const scans = () =>
    sql<{ index: string; scans: string; size: string }>`
      select indexrelname as index, idx_scan::text as scans, pg_size_pretty(pg_relation_size(indexrelid)) as size
      from pg_stat_user_indexes where relname = 'members' and schemaname = current_schema()`.execute(db);
  const before = new Map((await scans()).rows.map((row) => [row.index, Number(row.scans)]));
  for (const filter of FILTERS) {
    for (const orderByColumn of [undefined, ...SORTS]) {
      for (const sameColumn of [false, true]) {
        const query = { pageSize: 15, ...filter, ...(orderByColumn ? { orderByColumn, sameColumn } : {}) };
        const first = await membersPage(db, { ...query, pageNum: 1 });
        const last = Math.max(1, Math.ceil(first.total / 15));
        await membersPage(db, { ...query, pageNum: last });
        // The next page by keyset, as the pager reads it.
        if (first.next_cursor) await membersPage(db, { ...query, pageNum: 2, cursor: first.next_cursor });
      }
    }
  }
  for (const search of SEARCHES) await membersPage(db, { pageNum: 1, pageSize: 15, search });
  // The statistics collector reports within a moment of the queries.
  await new Promise((done) => setTimeout(done, 1500));
  const rows = (await scans()).rows
    .map((row) => ({ ...row, scans: String(Number(row.scans) - (before.get(row.index) ?? 0)) }))
    .sort((a, b) => Number(b.scans) - Number(a.scans) || a.index.localeCompare(b.index));
  console.log(`Indexes of members (${size.toLocaleString("en-US")} members, PostgreSQL) scanned by the list's queries:\n`);
  console.log("| index | scans | size |\n| --- | --- | --- |");
  for (const row of rows) console.log(`| ${row.index} | ${row.scans} | ${row.size} |`);
  const unused = rows.filter((row) => row.scans === "0");
  console.log(`\n${rows.length} indexes, ${unused.length} never scanned: ${unused.map((row) => row.index).join(", ") || "none"}.`);
} finally {
  await database.close();
}
