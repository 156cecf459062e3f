// npm run bench:saves: agents working the members list at once against the real server, each
// saving a result for the next member of its page (POST /Members/saveResult), for a fixed time;
// with `reload`, each save is followed by a reload of the page (GET /Members/getMembersTableData),
// as agents did before the list updated itself from live events. Meanwhile one more client asks
// GET /sessions every 200 ms, as every open page does, and its latency is reported. Afterwards
// the result history must hold exactly one new row per acknowledged save: the ids the server
// answered, no more, no fewer.
// With a pause, each agent waits that many milliseconds after each save: back to back, N agents
// keep N requests waiting at every moment, and any call waits behind them (N / throughput); a
// real agent saves once per call, every minute or two.
//   npx tsx bench/saves.ts [postgres|pglite] [members] [seconds] [agents] [save|reload] [pause ms]
// Defaults: PostgreSQL, the 1,000,000-member benchmark database, 30 s, 20 agents, save, no pause.
import { sql } from "kysely";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";

const RESULTS = ["Appointment Made", "Left message", "No answer", "Broken", "Transfer", "Reschedule", "Confirm", ""];

interface Listed {
  Subscriber_ID: string;
  PatNum: string;
  practiceId: number;
}

export type SavesMode = "save" | "reload";

export async function benchSaves(engine: Engine, size: number, seconds: number, agents: number, mode: SavesMode = "save", pauseMs = 0) {
  const database = await benchDatabase(engine, size);
  const server = await startBenchServer(database);
  const tokens = await server.tokens(agents);
  const { rows: practices } = await sql<{ id: number }>`select id from practices order by id`.execute(database.db);
  const { rows: before } = await sql<{ last: number | null }>`select max(id) as last from results`.execute(database.db);
  const saveTimes: number[] = [];
  const reloadTimes: number[] = [];
  const sessionTimes: number[] = [];
  const savedIds: number[] = [];
  const errors: string[] = [];
  const deadline = performance.now() + seconds * 1000;

  async function call(path: string, token: string, body?: unknown) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    return { status: response.status, answer, time: performance.now() - started };
  }

  async function agent(index: number) {
    const token = tokens[index]!;
    const page = `/Members/getMembersTableData?practice=${practices[index % practices.length]!.id}&pageSize=50&orderByColumn=Last_Name`;
    let members = (await call(page, token)).answer.members as Listed[];
    for (let turn = 0; performance.now() < deadline; turn += 1) {
      const member = members[turn % members.length]!;
      try {
        const save = await call("/Members/saveResult", token, {
          sid: member.Subscriber_ID,
          patnum: member.PatNum,
          practice: member.practiceId,
          Result: RESULTS[(index + turn) % RESULTS.length],
          addLocation: "callCenter",
        });
        if (save.status !== 201) throw new Error(`saveResult answered ${save.status}: ${JSON.stringify(save.answer)}`);
        saveTimes.push(save.time);
        savedIds.push(save.answer.id as number);
        if (pauseMs > 0) await new Promise((done) => setTimeout(done, pauseMs));
        if (mode === "save") continue;
        const reload = await call(page, token);
        if (reload.status !== 200) throw new Error(`reload answered ${reload.status}`);
        reloadTimes.push(reload.time);
        members = reload.answer.members as Listed[];
      } catch (error) {
        errors.push(String(error));
      }
    }
  }

  /** An open page's own calls: GET /sessions (the app checks its session) every 200 ms. */
  async function watcher() {
    const token = (await server.tokens(1))[0]!;
    while (performance.now() < deadline) {
      const answer = await call("/sessions", token);
      if (answer.status !== 200) errors.push(`GET /sessions answered ${answer.status}`);
      else sessionTimes.push(answer.time);
      await new Promise((done) => setTimeout(done, 200));
    }
  }

  const started = performance.now();
  try {
    await Promise.all([...Array.from({ length: agents }, (_, index) => agent(index)), watcher()]);
    const elapsed = (performance.now() - started) / 1000;
    const { rows: added } = await sql<{ id: number }>`select id from results where id > ${before[0]?.last ?? 0} order by id`.execute(database.db);
    const acknowledged = new Set(savedIds);
    const history = {
      newRows: added.length,
      acknowledged: savedIds.length,
      exact: added.length === acknowledged.size && acknowledged.size === savedIds.length && added.every((row) => acknowledged.has(row.id)),
    };
    return {
      engine,
      size,
      seconds: elapsed,
      agents,
      mode,
      pauseMs,
      savesPerSecond: savedIds.length / elapsed,
      save: { p50: quantile(saveTimes, 0.5), p95: quantile(saveTimes, 0.95), p99: quantile(saveTimes, 0.99) },
      reload: { p50: quantile(reloadTimes, 0.5), p95: quantile(reloadTimes, 0.95), p99: quantile(reloadTimes, 0.99) },
      sessions: { p50: quantile(sessionTimes, 0.5), p95: quantile(sessionTimes, 0.95), count: sessionTimes.length },
      errors: errors.length,
      firstErrors: errors.slice(0, 3),
      history,
      at: new Date().toISOString(),
    };
  } finally {
    await server.close();
    await database.close();
  }
}

export function savesTable(result: Awaited<ReturnType<typeof benchSaves>>): string {
  return [
    `Saves, ${result.engine}, ${result.size.toLocaleString("en-US")} members, ${result.agents} agents for ${result.seconds.toFixed(1)} s (${result.mode === "reload" ? "each saves a result, then reloads its page of 50" : "each saves a result for the next member of its page"}${result.pauseMs > 0 ? `, then pauses ${result.pauseMs} ms` : ", back to back"}; GET /sessions every 200 ms beside them):`,
    "",
    "| saves/s | save p50 | save p95 | save p99 | reload p50 | reload p95 | GET /sessions p50 | p95 | errors | history rows / acknowledged saves |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${result.savesPerSecond.toFixed(0)} | ${ms(result.save.p50)} | ${ms(result.save.p95)} | ${ms(result.save.p99)} | ${result.mode === "reload" ? ms(result.reload.p50) : "–"} | ${result.mode === "reload" ? ms(result.reload.p95) : "–"} | ${ms(result.sessions.p50)} | ${ms(result.sessions.p95)} | ${result.errors} | ${result.history.newRows} / ${result.history.acknowledged} ${result.history.exact ? "(exact)" : "(MISMATCH)"} |`,
    "",
    `Target ≥ 500 saves/s with 0 errors: ${result.savesPerSecond >= 500 && result.errors === 0 ? "met" : "missed"}.`,
    ...result.firstErrors.map((error) => `  error: ${error}`),
  ].join("\n");
}

if (process.argv[1]?.endsWith("saves.ts")) {
  const engine = (process.argv[2] ?? "postgres") as Engine;
  const size = Number(process.argv[3] ?? (engine === "postgres" ? 1_000_000 : 200_000));
  const mode = (process.argv[6] ?? "save") as SavesMode;
  if (mode !== "save" && mode !== "reload") throw new Error(`the mode is save or reload, not ${mode}`);
  const pauseMs = Number(process.argv[7] ?? 0);
  const result = await benchSaves(engine, size, Number(process.argv[4] ?? 30), Number(process.argv[5] ?? 20), mode, pauseMs);
  keepResult(`saves-${engine}-${size}-${mode}-${pauseMs}`, result);
  console.log(savesTable(result));
  // A lost or doubled save, or an error, is a failure, whatever the speed.
  if (!result.history.exact || result.errors > 0) process.exitCode = 1;
}
