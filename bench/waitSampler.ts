// What the database's sessions of npm run bench:import are doing while the file imports, in a
// worker thread of its own (its polling would otherwise run on the loop the bench measures): every
// 10 ms, each active session of the benchmark's database, counted by the kind of its statement and
// what it waits on ("CPU" when it waits on nothing PostgreSQL knows of: on the processor, or for
// one). A statement's share of samples is its share of the time spent in it; which part of that
// was waiting, and for what, tells a slow list request behind the import from a slow list query.
import pg from "pg";
import { parentPort, workerData } from "node:worker_threads";

export interface WaitSamplerInput {
  url: string;
  intervalMs: number;
}

/** Samples of one kind of statement waiting on one thing. */
export interface WaitCount {
  statement: string;
  wait: string;
  samples: number;
}

export interface WaitSamplerOutput {
  rounds: number;
  counts: WaitCount[];
}

/** The bench's statements by what they are for (the list request's, the import's, the agents' saves). */
const KINDS: [string, RegExp][] = [
  ["import: a batch's upsert", /with input \(subscriber_id/],
  ["import: batches kept and taken", /import_batches/],
  ["list: its page", /as sort_key/],
  ["list: its count", /member_practice_counts|member_counts/],
  ["save", /insert into results/],
  ["audit row", /insert into "audit_log"/],
  ["commit", /^commit/i],
  ["session", /"sessions"/],
];

const kindOf = (query: string) => KINDS.find(([, pattern]) => pattern.test(query))?.[0] ?? "other";

async function sample({ url, intervalMs }: WaitSamplerInput, stopped: Promise<void>): Promise<WaitSamplerOutput> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let running = true;
  void stopped.then(() => (running = false));
  const counts = new Map<string, WaitCount>();
  let rounds = 0;
  try {
    while (running) {
      const { rows } = await client.query<{ query: string; wait: string }>(
        `select query, coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
      );
      rounds += 1;
      for (const row of rows) {
        const statement = kindOf(row.query.trim());
        const key = `${statement}\u0000${row.wait}`;
        const count = counts.get(key) ?? { statement, wait: row.wait, samples: 0 };
        count.samples += 1;
        counts.set(key, count);
      }
      await new Promise((done) => setTimeout(done, intervalMs));
    }
  } finally {
    await client.end();
  }
  return { rounds, counts: [...counts.values()].sort((a, b) => b.samples - a.samples) };
}

if (parentPort && workerData) {
  const port = parentPort;
  const stopped = new Promise<void>((resolve) => port.once("message", () => resolve()));
  port.postMessage(await sample(workerData as WaitSamplerInput, stopped));
}
