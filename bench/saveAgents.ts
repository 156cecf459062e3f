// The agents of npm run bench:saves, run in a worker thread of their own: their HTTP clients must
// not share the server's event loop (on PGlite, the database's too), or the figures would charge
// the server for what the clients cost. Real agents are browsers on other machines.
import { parentPort, workerData } from "node:worker_threads";

const RESULTS = ["Appointment Made", "Left message", "No answer", "Broken", "Transfer", "Reschedule", "Confirm", ""];

export type SavesMode = "save" | "reload";

export interface AgentsInput {
  baseUrl: string;
  /** One per agent, and one more for the session watcher. */
  tokens: string[];
  practiceIds: number[];
  seconds: number;
  mode: SavesMode;
  pauseMs: number;
}

export interface AgentsOutput {
  saveTimes: number[];
  reloadTimes: number[];
  sessionTimes: number[];
  savedIds: number[];
  errors: string[];
  seconds: number;
}

interface Listed {
  Subscriber_ID: string;
  PatNum: string;
  practiceId: number;
}

async function runAgents({ baseUrl, tokens, practiceIds, seconds, mode, pauseMs }: AgentsInput): Promise<AgentsOutput> {
  const out: AgentsOutput = { saveTimes: [], reloadTimes: [], sessionTimes: [], savedIds: [], errors: [], seconds: 0 };
  let started = performance.now();
  let deadline = started + seconds * 1000;

  async function call(path: string, token: string, body?: unknown) {
    const begun = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    return { status: response.status, answer, time: performance.now() - begun };
  }

  const pageOf = (index: number) => `/Members/getMembersTableData?practice=${practiceIds[index % practiceIds.length]!}&pageSize=50&orderByColumn=Last_Name`;
  // Every agent's page is read before the clock starts, so the run measures saves alone.
  const pages = await Promise.all(tokens.slice(0, -1).map(async (token, index) => (await call(pageOf(index), token)).answer.members as Listed[]));
  parentPort?.postMessage({ measuring: true });
  started = performance.now();
  deadline = started + seconds * 1000;

  async function agent(index: number) {
    const token = tokens[index]!;
    const page = pageOf(index);
    let members = pages[index]!;
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
        out.saveTimes.push(save.time);
        out.savedIds.push(save.answer.id as number);
        if (pauseMs > 0) await new Promise((done) => setTimeout(done, pauseMs));
        if (mode === "save") continue;
        const reload = await call(page, token);
        if (reload.status !== 200) throw new Error(`reload answered ${reload.status}`);
        out.reloadTimes.push(reload.time);
        members = reload.answer.members as Listed[];
      } catch (error) {
        out.errors.push(String(error));
      }
    }
  }

  /** An open page's own calls: GET /sessions (the app checks its session) every 200 ms. */
  async function watcher() {
    const token = tokens[tokens.length - 1]!;
    while (performance.now() < deadline) {
      const answer = await call("/sessions", token);
      if (answer.status !== 200) out.errors.push(`GET /sessions answered ${answer.status}`);
      else out.sessionTimes.push(answer.time);
      await new Promise((done) => setTimeout(done, 200));
    }
  }

  await Promise.all([...Array.from({ length: tokens.length - 1 }, (_, index) => agent(index)), watcher()]);
  out.seconds = (performance.now() - started) / 1000;
  return out;
}

if (parentPort && workerData) parentPort.postMessage(await runAgents(workerData as AgentsInput));
