// npm test: every stage of scripts/test-plan.ts, two at a time (TEST_JOBS overrides), and beside
// those the stages that mostly wait. Each stage's output is kept aside and printed whole when it
// ends, so that stages running side by side never interleave their lines; a summary of every
// stage, its time and the processor time it used closes the run. Exits 1 when any stage fails; the
// stages that need a failed one are skipped, the others still run.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { blocked, checkPlan, STAGES, startable, type Stage, type Status } from "./test-plan.ts";

// Vitest runs as many files at once as there are cores less one: on 2 cores one at a time, so
// each stage keeps about one core busy, and two at a time keep both (besides filling the time the
// browser walks spend waiting on the browser and the servers).
const jobs = Number(process.env.TEST_JOBS) || 2;
const logs = mkdtempSync(join(tmpdir(), "recall-desk-test-"));
const status = new Map<string, Status>(STAGES.map((stage) => [stage.script, "waiting"]));
const seconds = new Map<string, number>();
const cpuSeconds = new Map<string, number>();
const running = new Map<string, number>(); // script → process group
const started = performance.now();

const duration = (s: number) => (s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`);
const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * The processor time (user + system) of every child process this one has waited for, in seconds,
 * from Linux's /proc (undefined elsewhere). A stage is one child, `npm`, which waits for all it
 * starts; read as each stage ends, the growth since the last reading is that stage's (servers and
 * browsers included; not the time of a database server the stage talks to).
 */
const CLOCK_TICKS_PER_SECOND = 100;
function childrenCpu(): number | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  // After the command's closing parenthesis: state is field 3, cutime and cstime are fields 16 and 17.
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND;
}
let cpuSoFar = childrenCpu();

/**
 * What npm test asks of every stage: no screenshot of each screen a browser walk visits (nobody
 * looks at them in a run of every stage; a failure's screenshot is still taken), which
 * `npm run test:e2e` alone keeps.
 */
const STAGE_ENV = { ...process.env, E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? "failures" };

checkPlan(STAGES);
say(`npm test: ${STAGES.length} stages, ${jobs} at a time`);

const logPath = (stage: Stage) => join(logs, `${stage.script.replaceAll(":", "_")}.log`);

/** The last 80 lines of a failed stage's log that are not a passing test or npm's chatter. */
function failureTail(log: string): string {
  const quiet = /✓|^npm warn|^\s*$/;
  return log.split("\n").filter((line) => !quiet.test(line)).slice(-80).join("\n");
}

/** Runs one stage as `npm run <script>` in a process group of its own, its output to a log file. */
function run(stage: Stage): Promise<void> {
  const log = logPath(stage);
  const fd = openSync(log, "w");
  const begin = performance.now();
  status.set(stage.script, "running");
  say(`▶ ${stage.script}`);
  const child = spawn("npm", ["run", stage.script], { detached: true, stdio: ["ignore", fd, fd], env: STAGE_ENV });
  closeSync(fd);
  if (child.pid !== undefined) running.set(stage.script, child.pid);
  return new Promise((done) => {
    const end = (passed: boolean, why = "") => {
      running.delete(stage.script);
      seconds.set(stage.script, (performance.now() - begin) / 1000);
      const cpuNow = childrenCpu();
      if (cpuNow !== undefined && cpuSoFar !== undefined) cpuSeconds.set(stage.script, cpuNow - cpuSoFar);
      cpuSoFar = cpuNow;
      status.set(stage.script, passed ? "passed" : "failed");
      const verdict = `${passed ? "passed" : "FAILED"} in ${duration(seconds.get(stage.script)!)}${why}`;
      say(`\n── ${stage.script} ${verdict} ${"─".repeat(Math.max(3, 70 - stage.script.length - verdict.length))}`);
      process.stdout.write(readFileSync(log, "utf8"));
      say(`── end of ${stage.script} (${verdict})\n`);
      done();
    };
    child.once("error", (error) => end(false, `: ${error.message}`));
    child.once("exit", (code, signal) => end(code === 0, code === 0 ? "" : ` (${signal ?? `exit code ${code}`})`));
  });
}

/** Starts what can start, again each time a stage ends, until nothing is waiting or running. */
async function runAll(): Promise<void> {
  const active = new Set<Promise<void>>();
  for (;;) {
    for (const stage of blocked(STAGES, status)) status.set(stage.script, "skipped");
    for (const stage of startable(STAGES, status, jobs)) {
      const promise: Promise<void> = run(stage).then(() => void active.delete(promise));
      active.add(promise);
    }
    if (active.size === 0) return;
    await Promise.race(active);
  }
}

// Ctrl-C or a CI cancel: stop every stage's whole process group (servers and browsers included).
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]] as const) {
  process.once(signal, () => {
    say(`\n${signal}: stopping ${[...running.keys()].join(", ") || "nothing"}`);
    for (const group of running.values()) {
      try {
        process.kill(-group, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
    rmSync(logs, { recursive: true, force: true });
    process.exit(code);
  });
}

await runAll();
// A CI page often shows only the end of the output: the failures are repeated last, without the
// lines of passing tests, so that whoever reads that end sees why.
const failures = STAGES.filter((stage) => status.get(stage.script) === "failed").map((stage) => ({
  script: stage.script,
  tail: failureTail(readFileSync(logPath(stage), "utf8")),
}));
rmSync(logs, { recursive: true, force: true });

say("── summary " + "─".repeat(60));
for (const stage of STAGES) {
  const state = status.get(stage.script)!;
  const time = seconds.has(stage.script) ? duration(seconds.get(stage.script)!) : "";
  const cpu = cpuSeconds.has(stage.script) ? `cpu ${duration(cpuSeconds.get(stage.script)!)}` : "";
  const note = state === "skipped" ? `(needs ${stage.needs!.join(", ")})` : "";
  say(`  ${state.padEnd(8)} ${time.padStart(12)} ${cpu.padStart(16)}  ${stage.script} ${note}`.trimEnd());
}
const wall = duration((performance.now() - started) / 1000);
const sum = (values: Iterable<number>) => [...values].reduce((total, s) => total + s, 0);
const work = `${duration(sum(seconds.values()))} of stages${cpuSeconds.size > 0 ? `, ${duration(sum(cpuSeconds.values()))} of processor time` : ""}`;
const failed = STAGES.filter((stage) => status.get(stage.script) !== "passed").map((stage) => stage.script);
for (const { script, tail } of failures) say(`\n── why ${script} failed (its last lines) ${"─".repeat(40)}\n${tail}`);
say(failed.length === 0 ? `npm test passed in ${wall} (${work})` : `npm test FAILED in ${wall}: ${failed.join(", ")}`);
process.exit(failed.length === 0 ? 0 : 1);
