// The Open Dental connector's incremental run at a practice group's size: a generated Open Dental
// database on MariaDB with that many appointments (tests/support/openDentalFixture.ts, 1 patient
// for 10 appointments), read up to date already (the connector's positions at its last stamp),
// then that many appointments changed at the practice (their DateTStamp moves) and one connector
// run timed, as the job runs it: reading the changed rows through a read-only user, applying them
// through the feeds into PostgreSQL (a schema of its own in BENCH_DATABASE_URL's database, dropped
// afterwards; members for every patient), saving its positions. Run by bench/feeds.ts.
import { loadavg } from "node:os";
import { sql } from "kysely";
import { loadConfig } from "../server/config.ts";
import { openDatabase, type DatabaseHandle } from "../server/db/connection.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { JOBS, OPEN_DENTAL_JOB } from "../domain/jobs.ts";
import { executeJob } from "../server/jobs/runner.ts";
import { runConnector } from "../server/openDental/connectorJob.ts";
import { savePosition } from "../server/openDental/positions.repository.ts";
import { openSource, sourceIdentity } from "../server/openDental/source.repository.ts";
import type { ChangedTable } from "../server/openDental/changes.repository.ts";
import { openDentalFixture, type PracticeShape } from "../tests/support/openDentalFixture.ts";

process.env.MARIADB_URL_TEST ??= "mysql://recall_fixture:recall@127.0.0.1:3306";
process.env.MARIADB_READER_URL_TEST ??= "mysql://recall_reader:recall@127.0.0.1:3306";
const BENCH_URL = process.env.BENCH_DATABASE_URL ?? "postgres://recall:recall@127.0.0.1:5432/recall_test";

export interface ConnectorFigures {
  appointments: number;
  patients: number;
  changed: number;
  loadSeconds: number;
  runSeconds: number;
  rowsRead: number;
  rowsWritten: number;
  message: string;
  loadAverage: number[];
}

async function recallDatabase(patients: number): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  const schema = `bench_connector_${process.pid}`;
  const admin = await openDatabase({ url: BENCH_URL });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const database = await openDatabase({ url: BENCH_URL, schema });
  await migrateToLatest(database.db);
  const { db } = database;
  await db.insertInto("regions").values({ id: 1, name: "SMD", brand_name: "Smile Magic" }).execute();
  await db.insertInto("practices").values([
    { id: 1, name: "Smile Magic Houston", abbr: "SM-HOUS", region_id: 1 },
    { id: 2, name: "Smile Magic Pasadena", abbr: "SM-PASA", region_id: 1 },
  ]).execute();
  // A member for every patient (New Patient, as its insert makes it), of the practice of the patient's clinic (even: clinic 1, practice 1; odd: 2).
  await sql`
    insert into members (subscriber_id, pat_num, practice_id, company, mco, first_name, last_name, address1, city, state, phone,
                         date_of_birth, days_extracted, entry_time)
    select 'OD' || n, n::text, 1 + (n % 2), 'denta', 'DentaQuest Medicaid', 'First' || n, 'Last' || n, '1 Main St', 'Houston', 'TX',
           '(713) 555-0100', date '2015-03-14', 0, now()
      from generate_series(1, ${patients}) as n`.execute(db);
  await sql`analyze`.execute(db);
  return {
    ...database,
    drop: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await database.close();
    },
  };
}

export async function benchConnector(appointments: number, changed: number): Promise<ConnectorFigures> {
  const patients = Math.max(10_000, Math.round(appointments / 10));
  const shape: PracticeShape = {
    clinics: [
      { num: 1, abbr: "SM-HOUS" },
      { num: 2, abbr: "SM-PASA" },
    ],
    patients,
    appointments,
    plannedProcedures: Math.round(patients / 2),
    historyRows: Math.round(appointments / 50),
    stamp: "2026-01-05 09:00:00",
  };
  const loadStarted = performance.now();
  const [source, recall] = await Promise.all([openDentalFixture(shape), recallDatabase(patients)]);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  try {
    // Up to date with the generated practice: every table read to its last stamp.
    const reader = await openSource(source.readerUrl);
    const identity = await sourceIdentity(reader);
    await reader.end();
    for (const table of ["patient", "appointment", "histappointment", "procedurelog"] satisfies ChangedTable[]) {
      await savePosition(recall.db, identity, table, { stamp: shape.stamp, key: "999999999999" }, new Date());
    }
    const every = Math.max(1, Math.floor(appointments / changed));
    await source.admin.query(`UPDATE appointment SET AptStatus = IF(AptStatus = 1, 2, 1) WHERE AptNum % ${every} = 0 AND AptNum <= ${every * changed}`);
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" });
    const settings = {
      url: source.readerUrl,
      clinics: new Map([
        ["1", "SM-HOUS"],
        ["2", "SM-PASA"],
      ]),
      everyMinutes: 5,
      priorities: ["P1", "P2", "P3", "P4"] as const,
      unprioritized: "P4" as const,
      timeZone: "America/Chicago",
    };
    const jobId = JOBS.find((job) => job.key === OPEN_DENTAL_JOB)!.id;
    const started = performance.now();
    const result = await executeJob({ db: recall.db, config }, jobId, { trigger: "command", runner: (context) => runConnector(context, settings) });
    const runSeconds = (performance.now() - started) / 1000;
    if (!result.ran) throw new Error(`the connector did not run: ${result.reason}`);
    return {
      appointments,
      patients,
      changed,
      loadSeconds,
      runSeconds,
      rowsRead: result.outcome.counts?.rowsRead ?? 0,
      rowsWritten: result.outcome.counts?.rowsWritten ?? 0,
      message: result.outcome.message,
      loadAverage: loadavg(),
    };
  } finally {
    await Promise.all([source.drop(), recall.drop()]);
  }
}

export function connectorTable(figures: ConnectorFigures): string {
  const load = figures.loadAverage.map((value) => value.toFixed(1)).join(" / ");
  return [
    "| Open Dental appointments | patients | changed | run (s) | rows read | rows written | load average 1/5/15 |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    `| ${figures.appointments.toLocaleString("en-US")} | ${figures.patients.toLocaleString("en-US")} | ${figures.changed.toLocaleString("en-US")} | ${figures.runSeconds.toFixed(2)} | ${figures.rowsRead.toLocaleString("en-US")} | ${figures.rowsWritten.toLocaleString("en-US")} | ${load} |`,
    "",
    `Generated in ${figures.loadSeconds.toFixed(0)} s. The run's message: ${figures.message}`,
  ].join("\n");
}
