// The agents of npm run bench:import, in a worker thread of their own (as bench/saveAgents.ts):
// while the server imports a member file, each agent opens its practice's first page of the members
// list and saves a result for one of its members, pausing between calls as a person does; one more
// client asks GET /sessions every 200 ms, as every open page does. They work until told to stop.
// People do not act in step: each agent begins at its own moment of the first turn and pauses
// between half and one and a half times `pauseMs` (the same mean). Started together with equal
// pauses, twenty agents asked for their pages at the same instant every turn, and the list's p95
// was the wait of the last of twenty requests queued on two cores, not the time of a request.
import { parentPort, workerData } from "node:worker_threads";

const RESULTS = ["Left message", "No answer", "Appointment Made", "Reschedule"];

export interface ImportAgentsInput {
  baseUrl: string;
  /** One per agent, and one more for the session watcher. */
  tokens: string[];
  practiceIds: number[];
  pauseMs: number;
}

export interface ImportAgentsOutput {
  listTimes: number[];
  saveTimes: number[];
  sessionTimes: number[];
  errors: string[];
}

interface Listed {
  Subscriber_ID: string;
  PatNum: string;
  practiceId: number;
}

async function runAgents({ baseUrl, tokens, practiceIds, pauseMs }: ImportAgentsInput, stopped: Promise<void>): Promise<ImportAgentsOutput> {
  const out: ImportAgentsOutput = { listTimes: [], saveTimes: [], sessionTimes: [], errors: [] };
  let running = true;
  void stopped.then(() => (running = false));
  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
  const agents = tokens.length - 1;
  /** A person's pause: `pauseMs` on average, never the same twice. */
  const think = () => pause(pauseMs * (0.5 + Math.random()));

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

  async function agent(index: number) {
    const token = tokens[index]!;
    const page = `/Members/getMembersTableData?practice=${practiceIds[index % practiceIds.length]!}&pageSize=15`;
    // A turn is a list, a pause, a save and a pause: the agents' first calls spread over one turn.
    await pause((index / agents) * 2 * pauseMs);
    for (let turn = 0; running; turn += 1) {
      try {
        const list = await call(page, token);
        if (list.status !== 200) throw new Error(`the members list answered ${list.status}`);
        out.listTimes.push(list.time);
        const members = list.answer.members as Listed[];
        const member = members[turn % members.length]!;
        await think();
        const save = await call("/Members/saveResult", token, {
          sid: member.Subscriber_ID,
          patnum: member.PatNum,
          practice: member.practiceId,
          Result: RESULTS[(index + turn) % RESULTS.length],
          addLocation: "callCenter",
        });
        if (save.status !== 201) throw new Error(`saveResult answered ${save.status}: ${JSON.stringify(save.answer)}`);
        out.saveTimes.push(save.time);
        await think();
      } catch (error) {
        out.errors.push(String(error));
        await think();
      }
    }
  }

  async function watcher() {
    const token = tokens[tokens.length - 1]!;
    while (running) {
      const answer = await call("/sessions", token);
      if (answer.status !== 200) out.errors.push(`GET /sessions answered ${answer.status}`);
      else out.sessionTimes.push(answer.time);
      await pause(200);
    }
  }

  await Promise.all([...Array.from({ length: tokens.length - 1 }, (_, index) => agent(index)), watcher()]);
  return out;
}

if (parentPort && workerData) {
  const port = parentPort;
  const stopped = new Promise<void>((resolve) => port.once("message", () => resolve()));
  port.postMessage(await runAgents(workerData as ImportAgentsInput, stopped));
}
