// npm run bench:members: GET /api/Members/getMembersTableData over HTTP against the real server,
// for a matrix of filters, sorts, searches, page sizes and deep pages, and beside each the same
// query (members.repository.ts membersPage: page, count, search) run directly on the database.
// API and SQL calls alternate, so both see the same load and their ratio is fair on a busy machine.
//   npx tsx bench/members.ts [pglite|postgres] [members] [requests per case]
// Defaults: PGlite 200,000 and PostgreSQL 1,000,000 members, 60 requests per case.
import { sql, type Kysely } from "kysely";
import { audit } from "../server/audit.repository.ts";
import { touchSession } from "../server/auth/sessions.repository.ts";
import { loadConfig } from "../server/config.ts";
import type { Database } from "../server/db/database.ts";
import { listedMembersPage, membersPage, type MembersQuery } from "../server/members/members.repository.ts";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";

type Query = Omit<MembersQuery, "pageNum" | "pageSize"> & { pageNum?: number; pageSize?: number };

/** Real values of the loaded data for the filters and searches. */
interface Sample {
  total: number;
  practice: number;
  practices: string;
  region: string;
  mco: string;
  company: string;
  dentist: string;
  member: { first_name: string; last_name: string; phone: string; subscriber_id: string; date_of_birth: string };
  /** The cursors of the middle page (the next and previous pages by keyset), in the default order and by practice. */
  middle: { byName: Cursors; byPractice: Cursors };
}

type Cursors = { next_cursor?: string; previous_cursor?: string };

/** The middle page of 15 (its number, in the list's pages). */
const middleOf = (total: number) => Math.floor(total / 15 / 2);

async function sampleOf(db: Kysely<Database>): Promise<Sample> {
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;
  const { total } = await membersPage(db, { pageNum: 1, pageSize: 15 });
  const member = await one(sql<Sample["member"]>`
    select first_name, last_name, phone, subscriber_id, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth
    from members where id = 777`);
  const practice = await one(sql<{ id: number; region: string }>`select p.id, r.name as region from practices p join regions r on r.id = p.region_id order by p.id limit 1 offset 6`);
  const practices = await one(sql<{ ids: string }>`select string_agg(id::text, ',') as ids from (select id from practices order by id limit 3 offset 2) p`);
  const common = await one(sql<{ mco: string; company: string }>`select mco, company from members group by 1, 2 order by count(*) desc limit 1`);
  const dentist = await one(sql<{ first_name: string }>`select first_name from dentists order by id limit 1`);
  const pageNum = middleOf(total);
  const byName = await membersPage(db, { pageNum, pageSize: 15 });
  const byPractice = await membersPage(db, { pageNum, pageSize: 15, orderByColumn: "Practice" });
  const middle = { byName, byPractice };
  return { total, practice: practice.id, practices: practices.ids, region: practice.region, ...common, dentist: dentist.first_name, member, middle };
}

function casesOf({ total, practice, practices, region, mco, company, dentist, member, middle: cursors }: Sample): { name: string; query: Query }[] {
  const middle = middleOf(total);
  const [year, month, day] = member.date_of_birth.split("-");
  return [
    { name: "first page, default order", query: {} },
    { name: "one practice, by last name", query: { practice: String(practice), orderByColumn: "Last_Name" } },
    { name: "three practices + status", query: { practice: practices, status: "Recare No Future Appointment" } },
    { name: "region + Blank result, next apt desc", query: { region, result: "", orderByColumn: "NextApt", sameColumn: true } },
    { name: "brand + MCO + dentist", query: { company, mco, dentistFirstName: dentist } },
    { name: "1000 rows, by days extracted", query: { pageSize: 1000, orderByColumn: "Days_Extracted" } },
    { name: "1000 rows, one practice, city desc", query: { pageSize: 1000, practice: String(practice), orderByColumn: "City", sameColumn: true } },
    { name: "1000 rows, by age", query: { pageSize: 1000, orderByColumn: "Age" } },
    { name: "page 2 by entry time desc", query: { pageNum: 2, orderByColumn: "entryTime", sameColumn: true } },
    { name: `middle page (${middle}), default order`, query: { pageNum: middle } },
    { name: `middle page (${middle}), by practice`, query: { pageNum: middle, orderByColumn: "Practice" } },
    { name: `next page from the middle (${middle + 1}), default order`, query: { pageNum: middle + 1, cursor: cursors.byName.next_cursor! } },
    { name: `previous page from the middle (${middle - 1}), default order`, query: { pageNum: middle - 1, cursor: cursors.byName.previous_cursor! } },
    { name: `next page from the middle (${middle + 1}), by practice`, query: { pageNum: middle + 1, orderByColumn: "Practice", cursor: cursors.byPractice.next_cursor! } },
    { name: `previous page from the middle (${middle - 1}), by practice`, query: { pageNum: middle - 1, orderByColumn: "Practice", cursor: cursors.byPractice.previous_cursor! } },
    { name: "last page, by phone", query: { pageNum: Math.ceil(total / 15), orderByColumn: "Phone" } },
    { name: "search last name", query: { search: member.last_name } },
    { name: "search first + last name", query: { search: `${member.first_name} ${member.last_name}` } },
    { name: "search name with a typo", query: { search: `${member.first_name.slice(1)} ${member.last_name}` } },
    { name: "search phone digits", query: { search: member.phone.replace(/\D/g, "") } },
    { name: "search subscriber id", query: { search: member.subscriber_id } },
    { name: "search birth date", query: { search: `${month}/${day}/${year}` } },
    { name: "search 2 letters", query: { search: "an" } },
    { name: "search 1 letter", query: { search: "m" } },
    { name: "sort by age", query: { orderByColumn: "Age" } },
    { name: "sort by age desc, one practice", query: { practice: String(practice), orderByColumn: "Age", sameColumn: true } },
    { name: "sort by practice desc", query: { orderByColumn: "Practice", sameColumn: true } },
  ];
}

/** p95 targets (ms): pages of 15–100 rows, and of 1000 rows. */
export const TARGETS: Record<Engine, { page: number; large: number }> = { postgres: { page: 25, large: 60 }, pglite: { page: 60, large: 60 } };
/** API time ≤ this × the same SQL. */
const RATIO_TARGET = 1.3;

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

export async function benchMembers(engine: Engine, size: number, requests: number) {
  const database = await benchDatabase(engine, size);
  const server = await startBenchServer(database);
  const [token] = await server.tokens(1);
  const config = loadConfig({ NODE_ENV: "test" });
  const rules = { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs };
  const rows = [];
  try {
    for (const { name, query } of casesOf(await sampleOf(database.db))) {
      const url = `${server.baseUrl}/Members/getMembersTableData?${queryString(query)}`;
      const direct = { pageNum: 1, pageSize: 15, ...query };
      const api: number[] = [];
      const db: number[] = [];
      const whole: number[] = [];
      let answer: { total_count: number; members_count: number } | undefined;
      for (let round = -3; round < requests; round += 1) {
        let started = performance.now();
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status} ${await response.text()}`);
        answer = (await response.json()) as typeof answer;
        const apiTime = performance.now() - started;
        started = performance.now();
        const page = await membersPage(database.db, direct);
        const dbTime = performance.now() - started;
        // What every such request runs: the session's touch, the page read with the rows' claims
        // and queue fields (the same query with their joins), and the audit row.
        started = performance.now();
        await touchSession(database.db, token!, rules);
        await listedMembersPage(database.db, database.engine, direct, new Date(), config.reportTimeZone);
        await audit(database.db, { userId: 1, action: "bench", memberIds: page.rows.map((row) => row.id), address: "127.0.0.1" });
        const requestTime = performance.now() - started;
        if (round >= 0) {
          api.push(apiTime);
          db.push(dbTime);
          whole.push(requestTime);
        }
      }
      const row = {
        name,
        rows: answer!.members_count,
        total: answer!.total_count,
        api: { p50: quantile(api, 0.5), p95: quantile(api, 0.95), p99: quantile(api, 0.99) },
        sql: { p50: quantile(db, 0.5), p95: quantile(db, 0.95), p99: quantile(db, 0.99) },
        requestSql: { p50: quantile(whole, 0.5) },
        target: (query.pageSize ?? 15) >= 1000 ? TARGETS[engine].large : TARGETS[engine].page,
      };
      rows.push(row);
      console.error(`${name}: API p95 ${ms(row.api.p95)} ms, SQL p95 ${ms(row.sql.p95)} ms`);
    }
  } finally {
    await server.close();
    await database.close();
  }
  return { engine, size, requests, rows, at: new Date().toISOString() };
}

export function membersTable(result: Awaited<ReturnType<typeof benchMembers>>): string {
  const lines = [
    `Members list, ${result.engine}, ${result.size.toLocaleString("en-US")} members, ${result.requests} requests per case (ms; ratio = API p50 / SQL p50;`,
    "request SQL = the list's SQL plus the session touch, the rows' claims and queue fields, and the audit row every request also runs):",
    "",
    "| case | rows / total | API p50 | API p95 | API p99 | SQL p50 | SQL p95 | SQL p99 | ratio | request SQL p50 | API / request SQL | p95 target |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const row of result.rows) {
    const met = row.api.p95 <= row.target ? "met" : `missed by ${ms(row.api.p95 - row.target)}`;
    lines.push(
      `| ${row.name} | ${row.rows} / ${row.total} | ${ms(row.api.p50)} | ${ms(row.api.p95)} | ${ms(row.api.p99)} | ${ms(row.sql.p50)} | ${ms(row.sql.p95)} | ${ms(row.sql.p99)} | ${(row.api.p50 / row.sql.p50).toFixed(2)} | ${ms(row.requestSql.p50)} | ${(row.api.p50 / row.requestSql.p50).toFixed(2)} | ≤ ${row.target}: ${met} |`,
    );
  }
  const missed = result.rows.filter((row) => row.api.p95 > row.target);
  const ratios = result.rows.map((row) => row.api.p50 / row.sql.p50).sort((a, b) => a - b);
  const requestRatios = result.rows.map((row) => row.api.p50 / row.requestSql.p50).sort((a, b) => a - b);
  lines.push(
    "",
    `Cases within their p95 target: ${result.rows.length - missed.length} of ${result.rows.length}; median ratio API/SQL ${quantile(ratios, 0.5).toFixed(2)}, ` +
      `API/request SQL ${quantile(requestRatios, 0.5).toFixed(2)} (target ≤ ${RATIO_TARGET}).`,
  );
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("members.ts")) {
  const engines: Engine[] = process.argv[2] ? [process.argv[2] as Engine] : ["pglite", "postgres"];
  for (const engine of engines) {
    const size = Number(process.argv[3] ?? (engine === "postgres" ? 1_000_000 : 200_000));
    const result = await benchMembers(engine, size, Number(process.argv[4] ?? 60));
    keepResult(`members-${engine}-${size}`, result);
    console.log(membersTable(result) + "\n");
  }
}
