// The real server (server/app.ts) listening on a free port of 127.0.0.1 over a benchmark database,
// with bearer tokens of seeded staff opened directly in the database (no sign-in rate limit), and
// no practical limit on claims (CLAIMS_PER_MINUTE).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "../server/app.ts";
import { openSession } from "../server/auth/sessions.repository.ts";
import { loadConfig } from "../server/config.ts";
import type { DatabaseHandle } from "../server/db/connection.ts";
import type { Services } from "../server/services.ts";
import { CACHE } from "./load.ts";

export interface BenchServer {
  /** The API's base (…/api); the app itself is served at the origin when `spaDir` is given. */
  baseUrl: string;
  /** Bearer tokens of `count` sessions, spread over the seeded staff. */
  tokens: (count: number) => Promise<string[]>;
  close: () => Promise<void>;
  /** The server's own services and database, for calling its handlers and repositories directly. */
  services: Services;
  database: DatabaseHandle;
}

/** The work queue's rules as the bench is started with (QUEUE_CALLING_HOURS and the like), so a run measures the rules it is given. */
const queueEnvironment = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith("QUEUE_") || name.startsWith("CALLBACK_")));

/** `env`: variables of the server's own, over the bench's environment's queue rules. */
export async function startBenchServer(database: DatabaseHandle, spaDir?: string, env: Record<string, string> = {}): Promise<BenchServer> {
  // The agents press Next back to back to measure it: the claims' limit, far below that, is raised.
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", CLAIMS_PER_MINUTE: "1000000", ...queueEnvironment(), ...env });
  const app = await buildApp({ config, database, ...(spaDir ? { spaDir } : {}) });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    baseUrl: `${address}/api`,
    async tokens(count) {
      const users = await database.db.selectFrom("users").select("id").orderBy("id").execute();
      const rules = { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs };
      const tokens: string[] = [];
      for (let index = 0; index < count; index += 1) tokens.push((await openSession(database.db, users[index % users.length]!.id, rules)).token);
      return tokens;
    },
    close: () => app.close(),
    services: app.services,
    database,
  };
}

/** The q-quantile (0 < q ≤ 1) of the samples, nearest rank. */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

export const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** Keeps a run's figures as JSON beside the benchmark databases (outside the repository). */
export function keepResult(name: string, result: unknown): void {
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(join(CACHE, `${name}.json`), JSON.stringify(result, null, 2));
}
