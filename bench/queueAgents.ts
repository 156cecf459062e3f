// The agents of npm run bench:queue, in a worker thread of their own (as bench/saveAgents.ts): each
// presses Next (POST /queue/next) back to back, or once every `paceMs` from a random start within
// the first pace (as a floor of agents does), until the time is up, keeping how long each took and
// which member it was served.
import { parentPort, workerData } from "node:worker_threads";

export interface QueueAgentsInput {
  baseUrl: string;
  tokens: string[];
  seconds: number;
  /** The list's filters every agent works under ('' for none). */
  query: string;
  /** Each agent presses Next once every this many ms; 0: back to back. */
  paceMs: number;
}

export interface QueueAgentsOutput {
  times: number[];
  /** The member each Next served, in the order they came; null when nobody was eligible. */
  served: (number | null)[];
  errors: string[];
  seconds: number;
  /** The processor time of this thread since it started (ms): the agents' own, apart from the server's. */
  cpuMs: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runAgents({ baseUrl, tokens, seconds, query, paceMs }: QueueAgentsInput): Promise<QueueAgentsOutput> {
  const out: QueueAgentsOutput = { times: [], served: [], errors: [], seconds: 0, cpuMs: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  async function agent(token: string) {
    let due = started + Math.random() * paceMs;
    while (performance.now() < deadline) {
      if (paceMs > 0) {
        await pause(Math.max(0, due - performance.now()));
        due += paceMs;
        if (performance.now() >= deadline) break;
      }
      const begun = performance.now();
      try {
        const response = await fetch(`${baseUrl}/queue/next${query ? `?${query}` : ""}`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
        const answer = (await response.json()) as { member: { id: number } | null };
        if (response.status !== 200) throw new Error(`nextMember answered ${response.status}: ${JSON.stringify(answer)}`);
        out.times.push(performance.now() - begun);
        out.served.push(answer.member?.id ?? null);
      } catch (error) {
        out.errors.push(String(error));
      }
    }
  }
  await Promise.all(tokens.map(agent));
  out.seconds = (performance.now() - started) / 1000;
  const thread = process.threadCpuUsage();
  out.cpuMs = (thread.user + thread.system) / 1000;
  return out;
}

if (parentPort && workerData) parentPort.postMessage(await runAgents(workerData as QueueAgentsInput));
