// @vitest-environment node
// The built app on the API's origin: files of a small build in a temporary folder, the history
// fallback for app routes, JSON 404s for everything else, and the caching of each.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { MissingBuildError, registerSpa } from "./spa.ts";

const INDEX = '<!doctype html><title>Recall Desk</title><script type="module" src="/assets/index-C0ffee12.js"></script>';
const SCRIPT = "console.log('the app');";
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32"/></svg>';
const PAGE = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

let dist: string;
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "recall-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "assets", "index-C0ffee12.js"), SCRIPT);
  writeFileSync(join(dist, "bundle-modules.json"), "[]");
  writeFileSync(join(dist, "favicon.svg"), ICON);
  writeFileSync(join(dist, "favicon.ico"), Buffer.from([0, 0, 1, 0, 0, 0]));
  database = await openDatabase({ dataDir: "memory://" });
  app = await buildApp({ config: loadConfig({}), database, spaDir: dist });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the built app", () => {
  it("serves index.html at / and revalidates it on every load", async () => {
    const answer = await app.inject({ method: "GET", url: "/", headers: PAGE });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(INDEX);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("serves hashed assets with their type, cached for a year", async () => {
    const answer = await app.inject({ method: "GET", url: "/assets/index-C0ffee12.js", headers: { accept: "*/*" } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(SCRIPT);
    expect(answer.headers["content-type"]).toMatch(/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves the icons a browser asks for, /favicon.ico included", async () => {
    const svg = await app.inject({ method: "GET", url: "/favicon.svg", headers: { accept: "image/avif,image/webp,image/svg+xml,*/*" } });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toBe(ICON);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    const ico = await app.inject({ method: "GET", url: "/favicon.ico", headers: { accept: "*/*" } });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  });

  it("answers every app route a browser opens with index.html (history fallback)", async () => {
    for (const url of ["/members/all", "/members/all?brand=mcna", "/cdpLogin/some.token.here", "/deleted-appointments/details"]) {
      const answer = await app.inject({ method: "GET", url, headers: PAGE });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toBe(INDEX);
      expect(answer.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("keeps unknown API calls, missing assets and non-page requests JSON 404s", async () => {
    const notFound = [
      await app.inject({ method: "GET", url: "/api/no-such-call", headers: PAGE }),
      await app.inject({ method: "GET", url: "/api", headers: PAGE }),
      await app.inject({ method: "GET", url: "/assets/index-0ld0ld00.js", headers: { accept: "*/*" } }),
      await app.inject({ method: "GET", url: "/members/all", headers: { accept: "application/json" } }),
      await app.inject({ method: "POST", url: "/members/all", headers: PAGE }),
      await app.inject({ method: "GET", url: "/bundle-modules.json", headers: { accept: "*/*" } }),
    ];
    for (const answer of notFound) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404 });
    }
  });

  it("still answers the API under /api", async () => {
    const answer = await app.inject({ method: "GET", url: "/api/health", headers: PAGE });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: "ok" });
  });

  it("refuses to start on a folder with no build, saying what to run", async () => {
    const empty = mkdtempSync(join(tmpdir(), "recall-dist-empty-"));
    const bare = Fastify();
    try {
      const started = registerSpa(bare, empty);
      await expect(started).rejects.toThrow(MissingBuildError);
      await expect(started).rejects.toThrow(/npm run build/);
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
