// Whether the widest reports (24 months of every practice, every filter "all") hold the event
// loop: light calls the screens make all day (the members list's first page, the practices list)
// are timed alone, then again while two clients ask the widest reports back to back (in a worker
// thread: bench/reportClients.ts); beside them the server process's event-loop delay (the server
// runs in this process).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { ms, quantile, type BenchServer } from "./app.ts";
import type { Engine } from "./load.ts";
import { TARGETS } from "./members.ts";
import type { ReportClientsInput, ReportClientsOutput } from "./reportClients.ts";
import { reportCalls, request, type ReportCall } from "./reportCalls.ts";

const PROBES: ReportCall[] = [
  { screen: "Members", name: "members list, first page", operation: "getMembersTableData", method: "GET", path: "/Members/getMembersTableData", query: { pageNum: 1, pageSize: 15 }, summary: false },
  { screen: "filter lists", name: "practices", operation: "getReportPracticesList", method: "GET", path: "/report/practicesList", summary: true },
];
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function probe(server: BenchServer, token: string, rounds: number) {
  const times = new Map<string, number[]>(PROBES.map((call) => [call.name, []]));
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  for (let round = 0; round < rounds; round += 1) {
    for (const call of PROBES) times.get(call.name)!.push((await request(server.baseUrl, token, call)).time);
    await pause(20);
  }
  delay.disable();
  const loop = { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  return { probes: PROBES.map((call) => ({ name: call.name, p50: quantile(times.get(call.name)!, 0.5), p95: quantile(times.get(call.name)!, 0.95) })), loop };
}

/** The light calls are held to the members list's p95 target for a page of 15 on the engine. */
export async function benchBusy(server: BenchServer, engine: Engine, token: string, rounds: number) {
  await probe(server, token, 3);
  const quiet = await probe(server, token, rounds * 4);
  const wide = reportCalls(server.services.config.reportTimeZone).filter((call) => /widest/.test(call.name) && call.summary);
  const input: ReportClientsInput = { baseUrl: server.baseUrl, token, calls: wide };
  const clients = new Worker(new URL("./reportClients.ts", import.meta.url), { workerData: input });
  const stopped = new Promise<ReportClientsOutput>((resolve, reject) => {
    clients.once("message", resolve);
    clients.once("error", reject);
  });
  const busy = await probe(server, token, rounds * 4);
  clients.postMessage("stop");
  const { asked } = await stopped;
  await clients.terminate();
  return { quiet, busy, asked, wide: wide.map((call) => `${call.screen}: ${call.name}`), target: TARGETS[engine].page };
}

export function busyTable(result: Awaited<ReturnType<typeof benchBusy>>): string {
  const lines = [
    `While two clients asked the widest reports back to back (${result.asked} answered; ${result.wide.join("; ")}):`,
    "",
    "| light call | alone p50 | alone p95 | meanwhile p50 | meanwhile p95 | p95 target |",
    "| --- | --- | --- | --- | --- | --- |",
  ];
  result.quiet.probes.forEach((quiet, index) => {
    const busy = result.busy.probes[index]!;
    const met = busy.p95 <= result.target ? "met" : `missed by ${ms(busy.p95 - result.target)}`;
    lines.push(`| ${quiet.name} | ${ms(quiet.p50)} | ${ms(quiet.p95)} | ${ms(busy.p50)} | ${ms(busy.p95)} | ≤ ${result.target}: ${met} |`);
  });
  lines.push(
    "",
    `Event-loop delay of the server process: alone p99 ${ms(result.quiet.loop.p99)} ms, max ${ms(result.quiet.loop.max)} ms; ` +
      `meanwhile p99 ${ms(result.busy.loop.p99)} ms, max ${ms(result.busy.loop.max)} ms.`,
  );
  return lines.join("\n");
}
