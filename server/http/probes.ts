// Liveness, readiness and metrics of an instance, for the load balancer, the orchestrator and
// Prometheus. They live outside /api and outside openapi.yaml (docs/architecture.md, Probes and
// metrics): they describe this process, not the product, and the fake backend has no process.
//   GET /livez    200 while the process answers at all (restart it when this fails)
//   GET /readyz   200 while it reaches its database (with each read replica's health and lag); 503 when it cannot or is shutting down (send it no traffic)
//   GET /metrics  Prometheus text: requests by route and status, the database pool, the process
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Gauge, Registry } from "@prometheus-io/client";
import fastifyMetrics from "fastify-metrics";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { pingDatabase } from "../db/ping.ts";
import type { ReadReplicas } from "../db/replicas.ts";
import { isLoopback } from "../config.ts";

/** A readiness check slower than this counts as unreachable: the balancer asks every few seconds. */
const READY_TIMEOUT_MS = 2_000;
const PROBE_ROUTES = ["/livez", "/readyz", "/metrics"];

/** Whether the database answers `select 1` within READY_TIMEOUT_MS. */
async function reachesDatabase(database: DatabaseHandle): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<false>((done) => (timer = setTimeout(() => done(false), READY_TIMEOUT_MS)));
  const answered = pingDatabase(database.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Metrics name routes and count requests; they hold no patient data, but are nobody's business
 * outside operations: with METRICS_TOKEN, that bearer token; without, only a request made on
 * this machine directly (a proxy in front adds X-Forwarded-For, and its requests are refused).
 */
function metricsGuard(config: ServerConfig) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = config.metricsToken
      ? sameSecret(request.headers.authorization ?? "", `Bearer ${config.metricsToken}`)
      : isLoopback(request.socket.remoteAddress ?? "") && request.headers["x-forwarded-for"] === undefined;
    if (!allowed) return reply.code(404).send({ message: "No such call: GET /metrics", statusCode: 404 });
  };
}

export async function registerProbes(app: FastifyInstance, config: ServerConfig, database: DatabaseHandle, replicas: ReadReplicas): Promise<void> {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });

  // A registry per app: tests build many apps in one process.
  const registry = new Registry();
  await app.register(fastifyMetrics, {
    endpoint: { url: "/metrics", method: "GET", logLevel: "warn", onRequest: metricsGuard(config), handler: () => {} },
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      routeBlacklist: PROBE_ROUTES,
      // The plugin makes the summary even when it is off: it must not land in the global registry either.
      overrides: {
        histogram: { registers: [registry], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] },
        summary: { registers: [registry] },
      },
    },
  });
  const { pool } = database;
  new Gauge({
    name: "recall_db_pool_connections",
    help: "Connections of the database pool: total open, idle, and requests waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "recall_db_pool_max",
    help: "The most connections the database pool opens",
    registers: [registry],
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: "recall_ready",
    help: "1 while the instance reaches its database and is not shutting down (GET /readyz)",
    registers: [registry],
    async collect() {
      this.set(!closing && (await reachesDatabase(database)) ? 1 : 0);
    },
  });

  new Gauge({
    name: "recall_db_replica_lag_seconds",
    help: "How far each read replica (DATABASE_REPLICA_URL) was behind the primary at the last look; -1: it did not answer",
    labelNames: ["replica"],
    registers: [registry],
    collect() {
      for (const replica of replicas.status()) this.set({ replica: replica.name }, replica.lagSeconds ?? -1);
    },
  });
  new Gauge({
    name: "recall_db_replica_serving",
    help: "1 while a read replica gets reads; 0 while it lags beyond REPLICA_MAX_LAG_SECONDS or does not answer (its reads go to the primary)",
    labelNames: ["replica"],
    registers: [registry],
    collect() {
      for (const replica of replicas.status()) this.set({ replica: replica.name }, replica.health === "serving" ? 1 : 0);
    },
  });

  app.get("/livez", { logLevel: "warn" }, async () => ({ status: "ok" }));
  app.get("/readyz", { logLevel: "warn" }, async (_request, reply) => {
    if (closing) return reply.code(503).send({ status: "stopping" });
    if (!(await reachesDatabase(database))) return reply.code(503).send({ status: "database unreachable" });
    // Replicas that lag or do not answer leave the instance ready: their reads go to the primary.
    return replicas.configured ? { status: "ok", replicas: replicas.status() } : { status: "ok" };
  });
}
