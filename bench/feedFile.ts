// A practice feed's file at a practice group's size: one appointments file (Practice, PatNum,
// AptNum, AptDateTime, AptStatus, IsNewPatient, DateTStamp; a patient for every 10 appointments,
// each patient a member) imported as `npm run import -- --feed appointments` imports it: read as a
// stream into batches kept in import_batches, each written by the feeds' set-based SQL with the
// run's counts. Timed to the run's end, with the process's memory sampled all along (the heap's
// largest size at a tenth of the file and at its end say whether memory stays constant) and the
// event loop's longest delay. PostgreSQL in a schema of its own of BENCH_DATABASE_URL's database
// (default recall_test), dropped afterwards; or PGlite in memory. Run by bench/feeds.ts.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { once } from "node:events";
import { sql } from "kysely";
import { loadConfig } from "../server/config.ts";
import { openDatabase, type DatabaseHandle } from "../server/db/connection.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { runImportCommand } from "../server/import/command.ts";
import { databaseProcessorTime } from "./processorTime.ts";
import type { Engine } from "./load.ts";

const BENCH_URL = process.env.BENCH_DATABASE_URL ?? "postgres://recall:recall@127.0.0.1:5432/recall_test";
const PRACTICES = ["SM-HOUS", "SM-PASA"];
const STATUSES = ["Scheduled", "Complete", "Complete", "Broken", "Complete", "Unscheduled", "Complete", "Planned"];

export interface FeedFileFigures {
  engine: Engine;
  rows: number;
  patients: number;
  megabytes: number;
  seconds: number;
  rowsPerSecond: number;
  status: string;
  message: string;
  appointments: number;
  heapAtTenthMb: number;
  heapMaxMb: number;
  rssMaxMb: number;
  loopMaxMs: number;
  /** Processor time per row, in microseconds: this process's, and the database's sessions' (PostgreSQL on this machine). */
  nodeUsPerRow: number;
  databaseUsPerRow: number | undefined;
  loadAverage: number[];
}

async function feedDatabase(engine: Engine, patients: number): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  const schema = `bench_feeds_${process.pid}`;
  let database: DatabaseHandle;
  if (engine === "postgres") {
    const admin = await openDatabase({ url: BENCH_URL });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
    database = await openDatabase({ url: BENCH_URL, schema });
  } else {
    database = await openDatabase({ dataDir: "memory://" });
  }
  await migrateToLatest(database.db);
  const { db } = database;
  await db.insertInto("regions").values({ id: 1, name: "SMD", brand_name: "Smile Magic" }).execute();
  await db
    .insertInto("practices")
    .values(PRACTICES.map((abbr, index) => ({ id: index + 1, name: `Smile Magic ${abbr}`, abbr, region_id: 1 })))
    .execute();
  // A member for every patient (New Patient, as its insert makes it), of the practice its rows name (even numbers the first, odd the second).
  await sql`
    insert into members (subscriber_id, pat_num, practice_id, company, mco, first_name, last_name, address1, city, state, phone,
                         date_of_birth, days_extracted, entry_time)
    select 'AP' || n, n::text, 1 + (n % 2), 'denta', 'DentaQuest Medicaid', 'First' || n, 'Last' || n, '1 Main St', 'Houston', 'TX',
           '(713) 555-0100', date '2015-03-14', 0, now()
      from generate_series(1, ${patients}) as n`.execute(db);
  await sql`analyze`.execute(db);
  return {
    ...database,
    drop: async () => {
      if (engine === "postgres") await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await database.close();
    },
  };
}

/** The file, written as a stream: `rows` appointments over `patients` patients, a tenth of them ahead of today. */
async function writeAppointments(path: string, rows: number, patients: number): Promise<void> {
  const out = createWriteStream(path);
  out.write("Practice,PatNum,AptNum,AptDateTime,AptStatus,IsNewPatient,DateTStamp\n");
  for (let index = 0; index < rows; index += 1) {
    const patient = 1 + (index % patients);
    const day = new Date(Date.UTC(2025, 0, 1) + (index % 700) * 86_400_000).toISOString().slice(0, 10);
    const line = `${PRACTICES[patient % 2]},${patient},${index + 1},${day} ${String(8 + (index % 9)).padStart(2, "0")}:30,${STATUSES[index % STATUSES.length]},${index < patients},2026-11-17 10:41\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

export async function benchFeedFile(engine: Engine, rows: number): Promise<FeedFileFigures> {
  const patients = Math.max(100, Math.round(rows / 10));
  const folder = await mkdtemp(join(tmpdir(), "bench-feeds-"));
  const path = join(folder, "appointments_bench.csv");
  await writeAppointments(path, rows, patients);
  const database = await feedDatabase(engine, patients);
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" });
  const memory = { heapAtTenth: 0, heapMax: 0, rssMax: 0 };
  let read = 0;
  const sample = setInterval(() => {
    const { heapUsed, rss } = process.memoryUsage();
    memory.heapMax = Math.max(memory.heapMax, heapUsed);
    memory.rssMax = Math.max(memory.rssMax, rss);
    if (read <= rows / 10) memory.heapAtTenth = Math.max(memory.heapAtTenth, heapUsed);
  }, 100);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  try {
    const { size } = await import("node:fs/promises").then((fs) => fs.stat(path));
    const backends = engine === "postgres" ? databaseProcessorTime(database.db) : undefined;
    await backends?.ready;
    loop.enable();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = await runImportCommand({ db: database.db, config }, { file: path, feed: "appointments", brand: "", practice: undefined, extractedAt: undefined }, (line) => {
      const rowsSoFar = /\(([\d,]+) rows/.exec(line)?.[1];
      if (rowsSoFar) read = Number(rowsSoFar.replaceAll(",", ""));
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    loop.disable();
    const databaseMs = await backends?.stop();
    if (!result.ran) throw new Error("the feed's import did not run");
    const { rows: counted } = await sql<{ n: string }>`select count(*) as n from appointments`.execute(database.db);
    return {
      engine,
      rows,
      patients,
      megabytes: size / 1e6,
      seconds,
      rowsPerSecond: rows / seconds,
      status: result.outcome.status,
      message: result.outcome.message,
      appointments: Number(counted[0]!.n),
      heapAtTenthMb: memory.heapAtTenth / 1e6,
      heapMaxMb: memory.heapMax / 1e6,
      rssMaxMb: memory.rssMax / 1e6,
      loopMaxMs: loop.max / 1e6,
      nodeUsPerRow: (cpu.user + cpu.system) / rows,
      databaseUsPerRow: databaseMs === undefined ? undefined : (databaseMs * 1e3) / rows,
      loadAverage: loadavg(),
    };
  } finally {
    clearInterval(sample);
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  }
}

export function feedFileTable(figures: FeedFileFigures): string {
  const load = figures.loadAverage.map((value) => value.toFixed(1)).join(" / ");
  const met = figures.rowsPerSecond >= 20_000 ? "met" : "missed";
  return [
    "| engine | rows | MB | patients | seconds | rows/s (target ≥ 20,000) | appointments kept | heap at a tenth / max (MB) | RSS max (MB) | event loop max (ms) | processor µs a row: node / database | load average 1/5/15 |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- | --- |",
    `| ${figures.engine} | ${figures.rows.toLocaleString("en-US")} | ${figures.megabytes.toFixed(1)} | ${figures.patients.toLocaleString("en-US")} | ${figures.seconds.toFixed(1)} | ${figures.rowsPerSecond.toFixed(0)} (${met}) | ${figures.appointments.toLocaleString("en-US")} | ${figures.heapAtTenthMb.toFixed(0)} / ${figures.heapMaxMb.toFixed(0)} | ${figures.rssMaxMb.toFixed(0)} | ${figures.loopMaxMs.toFixed(1)} | ${figures.nodeUsPerRow.toFixed(0)} / ${figures.databaseUsPerRow?.toFixed(0) ?? "–"} | ${load} |`,
    "",
    `The run (${figures.status}): ${figures.message}`,
  ].join("\n");
}
