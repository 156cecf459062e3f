// Where a 1000-row page of the members list spends its time on the server: the answer over HTTP,
// beside its parts run alone in the same process and the same minutes: the page's SQL (with each
// row's claim and queue fields), the rows made the contract's Members, the answer serialised by the
// route's schema (fast-json-stringify, as Fastify answers) and by JSON.stringify.
//   npx tsx bench/membersPageProfile.ts [pglite|postgres] [members] [requests]
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { loadConfig } from "../server/config.ts";
import { listedMembersPage, type MembersQuery } from "../server/members/members.repository.ts";
import { listedMemberOf } from "../server/members/memberAnswer.ts";
import { ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";

const engine = (process.argv[2] ?? "pglite") as Engine;
const size = Number(process.argv[3] ?? 200_000);
const requests = Number(process.argv[4] ?? 30);
const database = await benchDatabase(engine, size);
const server = await startBenchServer(database);
const zone = loadConfig({ NODE_ENV: "test" }).reportTimeZone;
const [token] = await server.tokens(1);
const cases: [string, Partial<MembersQuery>][] = [
  ["by days extracted", { orderByColumn: "Days_Extracted" }],
  ["by age", { orderByColumn: "Age" }],
];
const time = async (work: () => Promise<unknown> | unknown) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
// PROFILE_OUT=<file>: a CPU profile of the requests over HTTP alone (after one of each, not counted).
const inspector = new Session();
try {
  for (const [, extra] of cases) {
    const query = new URLSearchParams(Object.entries({ pageNum: 1, pageSize: 1000, ...extra }).map(([k, v]) => [k, String(v)]));
    await (await fetch(`${server.baseUrl}/Members/getMembersTableData?${query}`, { headers: { authorization: `Bearer ${token}` } })).text();
  }
  if (process.env.PROFILE_OUT) {
    inspector.connect();
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.setSamplingInterval", { interval: 200 });
    await inspector.post("Profiler.start");
  }
  for (const [name, extra] of cases) {
    const query = { pageNum: 1, pageSize: 1000, ...extra } as MembersQuery;
    const url = `${server.baseUrl}/Members/getMembersTableData?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
    const figures: Record<string, number[]> = { api: [], sql: [], rows: [], stringify: [] };
    for (let run = 0; run < requests; run += 1) {
      figures.api!.push(await time(async () => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).text()));
      if (process.env.PROFILE_OUT) continue;
      let page: Awaited<ReturnType<typeof listedMembersPage>> | undefined;
      figures.sql!.push(await time(async () => (page = await listedMembersPage(database.db, database.engine, query, new Date(), zone))));
      let members: ReturnType<typeof listedMemberOf>[] = [];
      figures.rows!.push(await time(() => (members = page!.rows.map((row) => listedMemberOf(row, zone)))));
      figures.stringify!.push(await time(() => JSON.stringify({ members, members_count: members.length, pageNum: 1, total_count: page!.total })));
    }
    console.log(`1000 rows ${name}: ${Object.entries(figures).filter(([, samples]) => samples.length > 0).map(([part, samples]) => `${part} p50 ${ms(quantile(samples, 0.5))} p95 ${ms(quantile(samples, 0.95))}`).join(", ")}`);
  }
  if (process.env.PROFILE_OUT) {
    const { profile } = await inspector.post("Profiler.stop");
    writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  }
} finally {
  inspector.disconnect();
  await server.close();
  await database.close();
}
