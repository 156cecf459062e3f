// Where a sort click's time goes in the members list at 1000 rows a page: the production build (with
// source maps, to name the code a sample ran in) in Chromium, a trace (devtools.timeline) and a CPU
// profile (V8's sampler, 100 µs) taken over the sort clicks of bench/ui.ts. For each click: the time
// until the answer arrived and from it to the rows painted; the main thread's work in each part by
// kind (script, style, layout, paint, garbage collection), and the script's samples by the code they
// ran in (React, the virtualiser, XState and the machines, the components, the API client). Also
// the time to parse one answer's JSON alone in the page.
//   npx vite build --sourcemap && npx tsx bench/uiProfile.ts [members] [sort clicks]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { chromium, type CDPSession } from "playwright-core";
import { SourceMapConsumer } from "source-map-js";
import { ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, ROOT } from "./load.ts";
import { CHROMIUM, FLAGS, openEveryMemberAThousandAPage, SORTED_COLUMNS, timeSortClick } from "./ui.ts";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const KINDS: [string, RegExp][] = [
  ["style", /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/],
  ["layout", /^(Layout|UpdateLayerTree|ComputeIntersections|IntersectionObserverController::computeIntersections)$/],
  ["paint", /^(Paint|PrePaint|Layerize|PaintImage|UpdateLayer|CompositeLayers|Commit|RasterTask)$/],
  ["gc", /GC|^V8\.GC/],
  ["script", /^(FunctionCall|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|V8\.Execute|v8\.callFunction|v8\.run|EvaluateScript|v8\.compile|V8\.CompileCode|XHRReadyStateChange)$/],
  ["html", /^ParseHTML$/],
];
const kindOf = (name: string) => KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? "other";

const SOURCES: [string, RegExp][] = [
  ["React", /node_modules\/(react-dom|react|scheduler)\//],
  ["virtualiser", /node_modules\/@tanstack\//],
  ["XState", /node_modules\/(xstate|@xstate)\//],
  ["machines", /src\/machines\//],
  ["components", /src\/(screens|components|app)\//],
  ["API client", /node_modules\/openapi-fetch\/|src\/api\//],
  ["other code", /./],
];

/** Self time (µs) by kind of the renderer main thread's events inside [from, to] (trace clock). */
function selfTimes(events: TraceEvent[], from: number, to: number): Record<string, number> {
  const times: Record<string, number> = {};
  const inside = events.filter((event) => event.ph === "X" && event.ts < to && event.ts + (event.dur ?? 0) > from).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: { end: number; kind: string; start: number; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      const length = Math.min(done.end, to) - Math.max(done.start, from);
      times[done.kind] = (times[done.kind] ?? 0) + Math.max(0, length - done.children);
      if (stack.length > 0) stack.at(-1)!.children += length;
    }
  };
  for (const event of inside) {
    close(event.ts);
    stack.push({ start: event.ts, end: event.ts + (event.dur ?? 0), kind: event.name === "RunTask" ? "task overhead" : kindOf(event.name), children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return times;
}

async function traceOf(session: CDPSession): Promise<TraceEvent[]> {
  const chunks: TraceEvent[] = [];
  session.on("Tracing.dataCollected", ({ value }) => chunks.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => session.once("Tracing.tracingComplete", () => resolve()));
  await session.send("Tracing.end");
  await complete;
  return chunks;
}

export async function profileUi(size: number, clicks: number) {
  const assets = join(ROOT, "dist", "assets");
  const maps = existsSync(assets) ? readdirSync(assets).filter((name) => name.endsWith(".js.map")) : [];
  if (maps.length === 0) throw new Error("no source maps in dist/assets: npx vite build --sourcemap first");
  const consumers = new Map(maps.map((name) => [name.replace(/\.map$/, ""), new SourceMapConsumer(JSON.parse(readFileSync(join(assets, name), "utf8")))]));
  const placeOf = (frame: ProfileNode["callFrame"]) => {
    const consumer = frame.url ? consumers.get(frame.url.split("/").at(-1)!) : undefined;
    const position = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    return `${position?.name ?? frame.functionName} ${(position?.source ?? frame.url).replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "")}:${position?.line ?? frame.lineNumber}`;
  };
  const sourceOf = (frame: ProfileNode["callFrame"]) => {
    if (!frame.url) return frame.functionName || "(native)";
    const consumer = consumers.get(frame.url.split("/").at(-1)!);
    const source = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source ?? frame.url;
    return SOURCES.find(([, pattern]) => pattern.test(source))![0];
  };

  const database = await benchDatabase("pglite", size);
  const server = await startBenchServer(database, join(ROOT, "dist"));
  const origin = server.baseUrl.replace(/\/api$/, "");
  const profile = mkdtempSync(join(tmpdir(), "recall-bench-ui-profile-"));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS.filter((flag) => !flag.startsWith("--headless")),
      baseURL: origin,
      viewport: { width: 1280, height: 800 },
    });
    await context.addInitScript("window.__name = (fn) => fn");
    const page = context.pages()[0] ?? (await context.newPage());
    await openEveryMemberAThousandAPage(page);
    // One warm-up click: the first sort compiles code the others reuse.
    await timeSortClick(page, SORTED_COLUMNS.at(-1)![0]);

    const session = await context.newCDPSession(page);
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 100 });
    await session.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8,disabled-by-default-v8.gc", transferMode: "ReportEvents" });
    await session.send("Profiler.start");
    // The page's clock against the trace's: a mark's trace time minus its performance.now().
    const syncAt = await page.evaluate(() => performance.mark("profile-sync").startTime);
    const clicksSeen: { started: number; answered: number; painted: number }[] = [];
    for (let click = 0; click < clicks; click += 1) {
      const started = await page.evaluate(() => performance.now());
      const { painted, answered } = await timeSortClick(page, SORTED_COLUMNS[click % SORTED_COLUMNS.length]![0]);
      // timeSortClick starts its clock right after this evaluate; its own start is read back from the marks below.
      clicksSeen.push({ started, answered, painted });
    }
    // The calls the page made during the clicks, each with when it started and ended after its click.
    const firstClick = clicksSeen[0]!.started;
    const calls = await page.evaluate(
      (since) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime >= since && entry.name.includes("/api/"))
          .map((entry) => `${new URL(entry.name).pathname.replace("/api/", "")} ${Math.round(entry.startTime - since)}+${Math.round(entry.duration)}`),
      firstClick,
    );
    const { profile: cpu } = (await session.send("Profiler.stop")) as unknown as { profile: CpuProfile };
    const events = await traceOf(session);

    const sync = events.find((event) => event.name === "profile-sync")!;
    const offset = sync.ts - syncAt * 1000;
    const main = events.filter((event) => event.pid === sync.pid && event.tid === sync.tid);
    // timeSortClick reports durations from its own start; its start is the click's, found as the first EventDispatch "click" after `started`.
    const clickDispatches = main.filter((event) => event.name === "EventDispatch" && (event as { args?: { data?: { type?: string } } }).args && JSON.stringify(event.args).includes('"click"'));
    const nodes = new Map(cpu.nodes.map((node) => [node.id, node]));
    const sampleTimes: number[] = [];
    let at = cpu.startTime;
    for (const delta of cpu.timeDeltas) sampleTimes.push((at += delta));

    const parents = new Map<number, number>();
    for (const node of cpu.nodes as (ProfileNode & { children?: number[] })[]) for (const child of node.children ?? []) parents.set(child, node.id);
    /** Self and inclusive time (µs) of the script's functions after the answer, by where they are in the sources. */
    const functions = { self: {} as Record<string, number>, inclusive: {} as Record<string, number> };
    const parts = { beforeAnswer: {} as Record<string, number>, afterAnswer: {} as Record<string, number> };
    const codes = { beforeAnswer: {} as Record<string, number>, afterAnswer: {} as Record<string, number> };
    const add = (into: Record<string, number>, from: Record<string, number>) => Object.entries(from).forEach(([key, value]) => (into[key] = (into[key] ?? 0) + value));
    const perClick: { answered: number; painted: number }[] = [];
    for (const seen of clicksSeen) {
      const after = seen.started * 1000 + offset;
      const click = clickDispatches.find((event) => event.ts >= after);
      const start = click ? click.ts : after;
      const answer = start + seen.answered * 1000;
      const painted = start + seen.painted * 1000;
      perClick.push({ answered: seen.answered, painted: seen.painted });
      add(parts.beforeAnswer, selfTimes(main, start, answer));
      add(parts.afterAnswer, selfTimes(main, answer, painted));
      if (process.env.PROFILE_EVENTS)
        console.error(
          main
            .filter((event) => event.ph === "X" && event.ts >= answer && event.ts <= painted && (event.dur ?? 0) > 300)
            .map((event) => `${((event.ts - answer) / 1000).toFixed(1)} ${event.name} ${((event.dur ?? 0) / 1000).toFixed(1)} ${JSON.stringify(event.args ?? {}).slice(0, 200)}`)
            .join("\n"),
        );
      sampleTimes.forEach((time, index) => {
        if (time < start || time > painted) return;
        const node = nodes.get(cpu.samples[index]!)!;
        const code = sourceOf(node.callFrame);
        if (code === "(idle)") return;
        const into = time < answer ? codes.beforeAnswer : codes.afterAnswer;
        const length = cpu.timeDeltas[index + 1] ?? 100;
        into[code] = (into[code] ?? 0) + length;
        if (time < answer) return;
        const self = placeOf(node.callFrame);
        functions.self[self] = (functions.self[self] ?? 0) + length;
        const seen = new Set<string>();
        for (let id: number | undefined = node.id; id !== undefined; id = parents.get(id)) {
          const place = placeOf(nodes.get(id)!.callFrame);
          if (seen.has(place)) continue;
          seen.add(place);
          functions.inclusive[place] = (functions.inclusive[place] ?? 0) + length;
        }
      });
    }

    // The app's last call and the reference page's call of the same sort, asked again in turns from the page.
    const token = (await server.tokens(1))[0]!;
    const askedAgain = await page.evaluate(async ({ bearer }) => {
      const last = performance.getEntriesByType("resource").filter((entry) => entry.name.includes("getMembersTableData")).at(-1)!.name;
      const query = new URL(last).searchParams;
      const reference = new URLSearchParams({ pageNum: "1", pageSize: "1000", practice: "all", orderByColumn: query.get("orderByColumn") ?? "", sameColumn: query.get("sameColumn") ?? "false" });
      const urls = { app: last, reference: `${new URL(last).origin}/api/Members/getMembersTableData?${reference}` };
      const times: Record<string, number[]> = { app: [], reference: [] };
      for (let run = 0; run < 6; run += 1) {
        for (const [name, url] of Object.entries(urls)) {
          const started = performance.now();
          await (await fetch(url, { headers: { Authorization: `Bearer ${bearer}` } })).text();
          times[name]!.push(performance.now() - started);
        }
      }
      return { urls, times };
    }, { bearer: token });
    // One answer's JSON parsed alone, five times (its text fetched once).
    const jsonParse = await page.evaluate(async ({ api, bearer }) => {
      const query = new URLSearchParams({ pageNum: "1", pageSize: "1000", practice: "all", orderByColumn: "Last_Name", sameColumn: "false" });
      const text = await (await fetch(`${api}/Members/getMembersTableData?${query}`, { headers: { Authorization: `Bearer ${bearer}` } })).text();
      const times: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        const started = performance.now();
        JSON.parse(text);
        times.push(performance.now() - started);
      }
      return { bytes: text.length, times };
    }, { api: server.baseUrl, bearer: token });
    await context.close();
    const mean = (record: Record<string, number>): Record<string, number> =>
      Object.fromEntries(Object.entries(record).map(([key, value]): [string, number] => [key, value / 1000 / clicks]).sort((a, b) => b[1] - a[1]));
    return {
      size,
      clicks: perClick,
      paintedP50: quantile(perClick.map((click) => click.painted), 0.5),
      answeredP50: quantile(perClick.map((click) => click.answered), 0.5),
      mainThreadMs: { beforeAnswer: mean(parts.beforeAnswer), afterAnswer: mean(parts.afterAnswer) },
      samplesMs: { beforeAnswer: mean(codes.beforeAnswer), afterAnswer: mean(codes.afterAnswer) },
      jsonParse: { bytes: jsonParse.bytes, medianMs: quantile(jsonParse.times, 0.5) },
      calls,
      askedAgain,
      functions: { self: Object.entries(mean(functions.self)).slice(0, 25), inclusive: Object.entries(mean(functions.inclusive)).slice(0, 40) },
    };
  } finally {
    await server.close();
    await database.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("uiProfile.ts")) {
  const result = await profileUi(Number(process.argv[2] ?? 200_000), Number(process.argv[3] ?? 8));
  const line = (record: Record<string, number>) => Object.entries(record).map(([key, value]) => `${key} ${ms(value)}`).join(", ");
  console.log(`sort click → rows painted p50 ${ms(result.paintedP50)} ms, answer arrived p50 ${ms(result.answeredP50)} ms (${result.size} members, ${result.clicks.length} clicks)`);
  console.log(`main thread per click, until the answer (ms): ${line(result.mainThreadMs.beforeAnswer)}`);
  console.log(`main thread per click, answer → painted (ms): ${line(result.mainThreadMs.afterAnswer)}`);
  console.log(`script samples per click, until the answer (ms): ${line(result.samplesMs.beforeAnswer)}`);
  console.log(`script samples per click, answer → painted (ms): ${line(result.samplesMs.afterAnswer)}`);
  console.log(`one answer's JSON (${(result.jsonParse.bytes / 1000).toFixed(0)} kB) parsed alone: ${ms(result.jsonParse.medianMs)} ms`);
  console.log(JSON.stringify(result.clicks));
  console.log(JSON.stringify(result.askedAgain));
  console.log(`after the answer, per click, self:\n${result.functions.self.map(([place, time]) => `  ${ms(time)} ${place}`).join("\n")}`);
  console.log(`after the answer, per click, inclusive:\n${result.functions.inclusive.map(([place, time]) => `  ${ms(time)} ${place}`).join("\n")}`);
  console.log(`calls during the clicks (path start+duration, ms from the first click): ${result.calls.join("; ")}`);
}
