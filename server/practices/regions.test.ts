// @vitest-environment node
// A production database starts with no region: the administrator's first regions are the ones the
// call center names, with no default name standing in for one (the demo's regions are only seeded).
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { openSession } from "../auth/sessions.repository.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let token: string;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await migrateToLatest(database.db);
  await database.db
    .insertInto("users")
    .values({ id: 1, email: "it@practice.example", firstname: "Ida", lastname: "Tran", default_page: "/dashboard", password_hash: null, is_admin: true })
    .execute();
  token = (await openSession(database.db, 1, { idleMs: 30 * 60_000, lifetimeMs: 24 * 60 * 60_000 })).token;
  app = await buildApp({ config: loadConfig({ DATA_DIR: "memory://" }), database });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const call = (method: "GET" | "POST", url: string, payload?: object) => app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

it("lists no region on an empty database, then only the regions the administrator adds", async () => {
  expect((await call("GET", "/api/regions")).json()).toEqual([]);
  expect((await call("GET", "/api/Members/regionsList")).json()).toEqual({ regionsList: [] });
  expect((await call("POST", "/api/regions", { name: "NTX", title: "North Texas" })).statusCode).toBe(201);
  expect((await call("GET", "/api/regions")).json()).toEqual([{ name: "NTX", title: "North Texas", practices: 0 }]);
  const audited = await database.db.selectFrom("audit_log").select("action").where("action", "=", "addRegion NTX").execute();
  expect(audited).toHaveLength(1);
}, 60_000);
