// npm run bench:reports: every call the report screens make (bench/reportCalls.ts), with the
// screen's default and widest filters, over HTTP against the real server, beside the same call's
// handler run in the same process (its SQL and the answer's shaping; no HTTP, session touch, audit
// or validation). Calls alternate, so both see the same load. Then the event loop while the widest
// reports are asked back to back (bench/reportsBusy.ts); on PostgreSQL with BENCH_REPLICA_URL (a
// streaming replica of the bench's database, e.g. .ci/run's on port 5433), once more with the reports
// read from that replica while the members list stays on the primary.
//   npx tsx bench/reports.ts [pglite|postgres] [members] [requests per call] [busy]
// `busy`: the busy runs alone (the per-call table left out), for repeated runs.
// Defaults: PGlite 200,000 and PostgreSQL 1,000,000 members, 30 requests per call.
import { loadConfig } from "../server/config.ts";
import { touchSession } from "../server/auth/sessions.repository.ts";
import type { Call, Handler, Handlers, OperationId } from "../server/handlers.ts";
import { contactDataHandlers } from "../server/reports/contactData.handlers.ts";
import { deletedAppointmentsHandlers } from "../server/reports/deletedAppointments.handlers.ts";
import { leadDataHandlers } from "../server/reports/leadData.handlers.ts";
import { membersStatusHandlers } from "../server/reports/membersStatus.handlers.ts";
import { newPatientOriginHandlers } from "../server/reports/newPatientOrigin.handlers.ts";
import { priorityStatusHandlers } from "../server/reports/priorityStatus.handlers.ts";
import { qualityIndexHandlers } from "../server/reports/qualityIndex.handlers.ts";
import { practicesHandlers } from "../server/practices/practices.handlers.ts";
import { recordingsHandlers } from "../server/recordings/recordings.handlers.ts";
import { usageHandlers } from "../server/usage/usage.handlers.ts";
import { keepResult, ms, quantile, startBenchServer, type BenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";
import { reportCalls, request } from "./reportCalls.ts";
import { benchBusy, busyTable } from "./reportsBusy.ts";

const HANDLERS: Handlers = {
  ...practicesHandlers,
  ...membersStatusHandlers,
  ...newPatientOriginHandlers,
  ...contactDataHandlers,
  ...qualityIndexHandlers,
  ...priorityStatusHandlers,
  ...leadDataHandlers,
  ...usageHandlers,
  ...deletedAppointmentsHandlers,
  ...recordingsHandlers,
};

/** p95 targets (ms) of every report call at its widest filters. */
export const REPORT_TARGETS: Record<Engine, number> = { postgres: 50, pglite: 100 };
/** openapi.yaml: no answer over 100 kB for a screen that shows a summary. */
export const SUMMARY_BYTES = 100_000;

async function callerOf(server: BenchServer, token: string) {
  const config = loadConfig({ NODE_ENV: "test" });
  const live = await touchSession(server.database.db, token, { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs });
  if (!live) throw new Error("the bench session is not live");
  return { ...live, token };
}

/** `busyOnly`: only the light calls alone and while the widest reports run (and again from the replica). */
export async function benchReports(engine: Engine, size: number, requests: number, busyOnly = false) {
  const database = await benchDatabase(engine, size);
  const server = await startBenchServer(database);
  const [token] = await server.tokens(1);
  const caller = await callerOf(server, token!);
  const reply = { code: () => reply, header: () => reply };
  const rows = [];
  try {
    for (const call of busyOnly ? [] : reportCalls(server.services.config.reportTimeZone)) {
      const handler = HANDLERS[call.operation] as Handler<OperationId>;
      const direct = () =>
        handler({ body: call.body, query: call.query ?? {}, path: call.pathParams, caller, request: { ip: "127.0.0.1", headers: {} }, reply, services: server.services } as unknown as Call<OperationId>);
      const api: number[] = [];
      const inProcess: number[] = [];
      let bytes = 0;
      for (let round = -2; round < requests; round += 1) {
        const answer = await request(server.baseUrl, token!, call);
        bytes = answer.bytes;
        const started = performance.now();
        await direct();
        if (round >= 0) {
          api.push(answer.time);
          inProcess.push(performance.now() - started);
        }
      }
      const row = {
        screen: call.screen,
        name: call.name,
        summary: call.summary,
        bytes,
        api: { p50: quantile(api, 0.5), p95: quantile(api, 0.95), p99: quantile(api, 0.99) },
        handler: { p50: quantile(inProcess, 0.5), p95: quantile(inProcess, 0.95), p99: quantile(inProcess, 0.99) },
        target: REPORT_TARGETS[engine],
      };
      rows.push(row);
      console.error(`${call.screen}, ${call.name}: API p95 ${ms(row.api.p95)} ms, handler p95 ${ms(row.handler.p95)} ms, ${bytes} B`);
    }
    const rounds = Math.max(3, Math.round(requests / 3));
    const busy = await benchBusy(server, engine, token!, rounds);
    const replicaUrl = process.env.BENCH_REPLICA_URL;
    const fromReplica = engine === "postgres" && replicaUrl ? await benchBusyFromReplica(database, replicaUrl, size, rounds) : undefined;
    return { engine, size, requests, rows, busy, fromReplica, at: new Date().toISOString() };
  } finally {
    await server.close();
    await database.close();
  }
}

/** The busy run again, on a server whose report reads go to the replica (in the bench's schema there too). */
async function benchBusyFromReplica(database: BenchServer["database"], replicaUrl: string, size: number, rounds: number) {
  const address = new URL(replicaUrl);
  address.searchParams.set("options", `-c search_path=${process.env.BENCH_SCHEMA_PREFIX ?? "bench"}_${size},public`);
  const server = await startBenchServer(database, undefined, { DATABASE_URL: "postgres://the-bench-database", DATABASE_REPLICA_URL: address.toString() });
  try {
    const ready = (await (await fetch(server.baseUrl.replace(/\/api$/, "/readyz"))).json()) as { replicas: { health: string }[] };
    if (ready.replicas[0]?.health !== "serving") throw new Error(`the replica does not serve reads: ${JSON.stringify(ready.replicas)}`);
    const [token] = await server.tokens(1);
    return await benchBusy(server, "postgres", token!, rounds);
  } finally {
    await server.close();
  }
}

const kB = (bytes: number) => (bytes / 1000).toFixed(bytes < 10_000 ? 2 : 1);

export function reportsTable(result: Awaited<ReturnType<typeof benchReports>>): string {
  const lines = [
    `Report calls, ${result.engine}, ${result.size.toLocaleString("en-US")} members, ${result.requests} requests per call (ms; handler = the same call's handler in-process:`,
    "its SQL and shaping, without HTTP, session touch, audit or validation; kB = 1000 bytes of JSON):",
    "",
    "| screen | call | answer kB | API p50 | API p95 | API p99 | handler p50 | handler p95 | handler p99 | API p95 target | size |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const row of result.rows) {
    const met = row.api.p95 <= row.target ? "met" : `missed by ${ms(row.api.p95 - row.target)}`;
    const size = !row.summary ? "(a page)" : row.bytes <= SUMMARY_BYTES ? "≤ 100 kB" : `over by ${kB(row.bytes - SUMMARY_BYTES)} kB`;
    lines.push(
      `| ${row.screen} | ${row.name} | ${kB(row.bytes)} | ${ms(row.api.p50)} | ${ms(row.api.p95)} | ${ms(row.api.p99)} | ${ms(row.handler.p50)} | ${ms(row.handler.p95)} | ${ms(row.handler.p99)} | ≤ ${row.target}: ${met} | ${size} |`,
    );
  }
  const missed = result.rows.filter((row) => row.api.p95 > row.target).length;
  const large = result.rows.filter((row) => row.summary && row.bytes > SUMMARY_BYTES).length;
  lines.push("", `Calls within their p95 target: ${result.rows.length - missed} of ${result.rows.length}; summary answers over 100 kB: ${large}.`, "", busyTable(result.busy));
  if (result.fromReplica) lines.push("", "With the reports read from the replica (BENCH_REPLICA_URL), the members list on the primary:", "", busyTable(result.fromReplica));
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("reports.ts")) {
  const engines: Engine[] = process.argv[2] ? [process.argv[2] as Engine] : ["pglite", "postgres"];
  for (const engine of engines) {
    const size = Number(process.argv[3] ?? (engine === "postgres" ? 1_000_000 : 200_000));
    const result = await benchReports(engine, size, Number(process.argv[4] ?? 30), process.argv[5] === "busy");
    keepResult(`reports-${engine}-${size}`, result);
    console.log(reportsTable(result) + "\n");
  }
}
