// @vitest-environment node
// Liveness, readiness and the Prometheus metrics of an instance (docs/operations.md, Probes and metrics).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { seededPGlite } from "../../tests/support/testDatabase.ts";

const TOKEN = "metrics-token-0123456789";
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let guarded: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await seededPGlite();
  app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), database });
  guarded = await buildApp({ config: loadConfig({ NODE_ENV: "test", METRICS_TOKEN: TOKEN }), database });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await guarded?.close();
  await database?.close();
});

describe("probes", () => {
  it("answer live and ready while the database answers", async () => {
    expect((await app.inject({ method: "GET", url: "/livez" })).json()).toEqual({ status: "ok" });
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: "ok" }]);
  });
});

describe("metrics", () => {
  it("count requests by route and status, and show the database pool", async () => {
    await app.inject({ method: "GET", url: "/api/health" });
    await app.inject({ method: "GET", url: "/api/Members/getMembersTableData" });
    const answer = await app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/);
    expect(answer.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/Members\/getMembersTableData",status_code="401"\} 1/);
    expect(answer.body).toMatch(/recall_db_pool_connections\{state="waiting"\} 0/);
    expect(answer.body).toMatch(/recall_ready 1/);
    expect(answer.body).toMatch(/process_cpu_user_seconds_total/);
  });

  it("answer only on this machine, not through a proxy, without METRICS_TOKEN", async () => {
    expect((await app.inject({ method: "GET", url: "/metrics", remoteAddress: "10.1.2.3" })).statusCode).toBe(404);
    const proxied = await app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(proxied.statusCode).toBe(404);
  });

  it("ask for METRICS_TOKEN when it is set, from anywhere", async () => {
    expect((await guarded.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" })).statusCode).toBe(404);
    const wrong = await guarded.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer not-the-token-at-all" } });
    expect(wrong.statusCode).toBe(404);
    const right = await guarded.inject({ method: "GET", url: "/metrics", remoteAddress: "10.1.2.3", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
  });

  it("refuse a METRICS_TOKEN shorter than 16 characters", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN must be at least 16 characters without spaces");
  });
});

describe("readiness without the database", () => {
  it("answers 503 once the database is gone, while liveness still answers", async () => {
    const own = await seededPGlite();
    const lone = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), database: own });
    try {
      await own.close();
      const ready = await lone.inject({ method: "GET", url: "/readyz" });
      expect([ready.statusCode, ready.json()]).toEqual([503, { status: "database unreachable" }]);
      expect((await lone.inject({ method: "GET", url: "/livez" })).statusCode).toBe(200);
    } finally {
      await lone.close().catch(() => {});
    }
  }, 60_000);
});
