// npm run bench:saves: agents working the members list at once against the real server, each
// saving a result for the next member of its page (POST /Members/saveResult) and reloading the
// page (GET /Members/getMembersTableData), for a fixed time. Afterwards the result history must
// hold exactly one new row per acknowledged save: the ids the server answered, no more, no fewer.
//   npx tsx bench/saves.ts [postgres|pglite] [members] [seconds] [agents]
// Defaults: PostgreSQL, the 1,000,000-member benchmark database, 30 s, 20 agents.
import { sql } from "kysely";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";

const RESULTS = ["Appointment Made", "Left message", "No answer", "Broken", "Transfer", "Reschedule", "Confirm", ""];

interface Listed {
  Subscriber_ID: string;
  PatNum: string;
  practiceId: number;
}

export async function benchSaves(engine: Engine, size: number, seconds: number, agents: number) {
  const database = await benchDatabase(engine, size);
  const server = await startBenchServer(database);
  const tokens = await server.tokens(agents);
  const { rows: practices } = await sql<{ id: number }>`select id from practices order by id`.execute(database.db);
  const { rows: before } = await sql<{ last: number | null }>`select max(id) as last from results`.execute(database.db);
  const saveTimes: number[] = [];
  const reloadTimes: number[] = [];
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
        const reload = await call(page, token);
        if (reload.status !== 200) throw new Error(`reload answered ${reload.status}`);
        reloadTimes.push(reload.time);
        members = reload.answer.members as Listed[];
      } catch (error) {
        errors.push(String(error));
      }
    }
  }

  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: agents }, (_, index) => agent(index)));
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
      savesPerSecond: savedIds.length / elapsed,
      save: { p50: quantile(saveTimes, 0.5), p95: quantile(saveTimes, 0.95), p99: quantile(saveTimes, 0.99) },
      reload: { p50: quantile(reloadTimes, 0.5), p95: quantile(reloadTimes, 0.95), p99: quantile(reloadTimes, 0.99) },
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
    `Saves, ${result.engine}, ${result.size.toLocaleString("en-US")} members, ${result.agents} agents for ${result.seconds.toFixed(1)} s (each saves a result, then reloads its page of 50):`,
    "",
    "| saves/s | save p50 | save p95 | save p99 | reload p50 | reload p95 | errors | history rows / acknowledged saves |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${result.savesPerSecond.toFixed(0)} | ${ms(result.save.p50)} | ${ms(result.save.p95)} | ${ms(result.save.p99)} | ${ms(result.reload.p50)} | ${ms(result.reload.p95)} | ${result.errors} | ${result.history.newRows} / ${result.history.acknowledged} ${result.history.exact ? "(exact)" : "(MISMATCH)"} |`,
    "",
    `Target ≥ 500 saves/s with 0 errors: ${result.savesPerSecond >= 500 && result.errors === 0 ? "met" : "missed"}.`,
    ...result.firstErrors.map((error) => `  error: ${error}`),
  ].join("\n");
}

if (process.argv[1]?.endsWith("saves.ts")) {
  const engine = (process.argv[2] ?? "postgres") as Engine;
  const size = Number(process.argv[3] ?? (engine === "postgres" ? 1_000_000 : 200_000));
  const result = await benchSaves(engine, size, Number(process.argv[4] ?? 30), Number(process.argv[5] ?? 20));
  keepResult(`saves-${engine}-${size}`, result);
  console.log(savesTable(result));
  // A lost or doubled save is a failure, whatever the speed.
  if (!result.history.exact) process.exitCode = 1;
}
