// npm run bench:export: GET /api/Members/export of every member over HTTP against the real server
// (in this process, so its memory is this process's): time to the first byte, total time, rows and
// bytes received (which must be every member: exit 1 otherwise), and the server's peak resident
// memory and heap, sampled every 20 ms, against its memory before the export. It exports one
// practice's members first, then every member: the same peak for both shows that the export's
// memory does not grow with its rows.
//   npx tsx bench/export.ts [pglite|postgres] [members]
// Default: PostgreSQL, 1,000,000 members.
// `deleted` measures GET /api/deleted-appointments/details/export the same way instead: that many
// deleted appointments are added by SQL to the 3,000-member world for the run (and removed after),
// then exported, a tenth of them (one practice) first, then all.
//   npx tsx bench/export.ts deleted [pglite|postgres] [deletions]
import { sql } from "kysely";
import { ms, keepResult, startBenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";

export interface ExportResult {
  engine: Engine;
  /** What was exported: one practice's members, or every member. */
  slice: string;
  /** Members in the database (the loader's generated world may hold a few more than asked). */
  members: number;
  rows: number;
  rowCountHeader: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  heapBeforeMb: number;
  heapPeakMb: number;
}

const MB = 1024 * 1024;

export async function benchExport(engine: Engine, members: number): Promise<ExportResult[]> {
  const database = await benchDatabase(engine, members);
  const server = await startBenchServer(database);
  try {
    const [token] = await server.tokens(1);
    const { rows: practices } = await sql<{ id: number; n: string }>`
      select practice_id as id, count(*) as n from members group by practice_id order by practice_id limit 1`.execute(database.db);
    const { rows: counted } = await sql<{ n: string }>`select count(*) as n from members`.execute(database.db);
    const one = practices[0]!;
    return [
      await exportOnce(engine, server.baseUrl, token!, `practice ${one.id}`, `?practice=${one.id}`, Number(one.n)),
      await exportOnce(engine, server.baseUrl, token!, "every member", "", Number(counted[0]!.n)),
    ];
  } finally {
    await server.close();
    await database.close();
  }
}

/** A world with `deletions` deleted appointments besides the demo's, spread over a year and every practice. */
export async function benchDeletedExport(engine: Engine, deletions: number): Promise<ExportResult[]> {
  const database = await benchDatabase(engine, 3000);
  const server = await startBenchServer(database);
  const { rows: before } = await sql<{ last: number }>`select coalesce(max(id), 0) as last from deleted_appointments`.execute(database.db);
  const firstAdded = Number(before[0]!.last) + 1;
  try {
    const [token] = await server.tokens(1);
    await sql`
      insert into deleted_appointments (practice_id, pat_num, patient_name, appointment_date, deleted_at, deleted_by, reason)
      select p.id, (100000 + n)::text, 'Patient ' || n, timestamptz '2026-01-05 15:00Z' + (n % 360) * interval '1 day',
             timestamptz '2026-01-01 12:00Z' + (n % 360) * interval '1 day' + (n % 997) * interval '1 second',
             'frontdesk', (array['No show', 'Rescheduled', 'Patient request', ''])[1 + n % 4]
        from generate_series(1, ${deletions}) as n
        join (select id, row_number() over (order by id) - 1 as k, count(*) over () as c from practices) p on p.k = n % p.c`.execute(database.db);
    await sql`analyze deleted_appointments`.execute(database.db);
    const { rows: practices } = await sql<{ id: number; n: string }>`
      select practice_id as id, count(*) as n from deleted_appointments group by practice_id order by practice_id limit 1`.execute(database.db);
    const { rows: counted } = await sql<{ n: string }>`select count(*) as n from deleted_appointments`.execute(database.db);
    const one = practices[0]!;
    const path = "/deleted-appointments/details/export?startDate=2000-01-01&endDate=2099-12-31";
    return [
      await exportOnce(engine, server.baseUrl, token!, `deletions of practice ${one.id}`, `&practice=${one.id}`, Number(one.n), path),
      await exportOnce(engine, server.baseUrl, token!, "every deletion", "", Number(counted[0]!.n), path),
    ];
  } finally {
    await sql`delete from deleted_appointments where id >= ${firstAdded}`.execute(database.db);
    await server.close();
    await database.close();
  }
}

async function exportOnce(
  engine: Engine,
  baseUrl: string,
  token: string,
  slice: string,
  query: string,
  members: number,
  path = "/Members/export",
): Promise<ExportResult> {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  }, 20);
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}${query}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let firstByteMs = 0;
  let bytes = 0;
  let lineEnds = 0;
  let carriedCr = false;
  for await (const chunk of response.body) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
    // Records end in CRLF; a note's own line breaks are LF alone in the demo data.
    for (let i = 0; i < chunk.byteLength; i += 1) {
      if (chunk[i] === 10 && (i > 0 ? chunk[i - 1] === 13 : carriedCr)) lineEnds += 1;
    }
    carriedCr = chunk[chunk.byteLength - 1] === 13;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  return {
    engine,
    slice,
    members,
    rows: lineEnds - 1,
    rowCountHeader: Number(response.headers.get("x-row-count")),
    bytes,
    firstByteMs,
    totalMs,
    rssBeforeMb: before.rss / MB,
    rssPeakMb: rssPeak / MB,
    heapBeforeMb: before.heapUsed / MB,
    heapPeakMb: heapPeak / MB,
  };
}

export function exportTable(results: readonly ExportResult[]): string {
  const lines = [
    "| engine | exported | rows received | MB | first byte | total | rows/s | server RSS before → peak | heap before → peak |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const r of results) {
    lines.push(
      `| ${r.engine} | ${r.slice} | ${r.rows.toLocaleString("en-US")} | ${(r.bytes / MB).toFixed(1)} | ${ms(r.firstByteMs)} ms | ${(r.totalMs / 1000).toFixed(1)} s | ${Math.round(r.rows / (r.totalMs / 1000)).toLocaleString("en-US")} | ${r.rssBeforeMb.toFixed(0)} → ${r.rssPeakMb.toFixed(0)} MB | ${r.heapBeforeMb.toFixed(0)} → ${r.heapPeakMb.toFixed(0)} MB |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("export.ts")) {
  const deleted = process.argv[2] === "deleted";
  const args = deleted ? process.argv.slice(3) : process.argv.slice(2);
  const engine = (args[0] ?? "postgres") as Engine;
  const rows = Number(args[1] ?? 1_000_000);
  const results = deleted ? await benchDeletedExport(engine, rows) : await benchExport(engine, rows);
  keepResult(`export-${deleted ? "deleted-" : ""}${engine}-${rows}`, results);
  console.log(exportTable(results));
  for (const result of results) {
    if (result.rows !== result.members || result.rowCountHeader !== result.members) {
      console.error(`bench:export (${result.slice}): ${result.rows} rows received, ${result.rowCountHeader} announced, ${result.members} in the database`);
      process.exit(1);
    }
  }
}
