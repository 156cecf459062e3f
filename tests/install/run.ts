/**
 * npm run test:install: the production install of docs/operations.md, proved in a copy of the
 * project with nothing else beside it. The copy gets the build (dist/, made by `npm run build`
 * first) and `npm ci --omit=dev`, so the development dependencies are gone; then, with
 * NODE_ENV=production and a real OpenID Connect provider on loopback, `npm run user -- add … --admin`
 * makes the first administrator on the empty database, and `node server/main.ts` starts, answers
 * its probes and serves the app, logging no warning or error, and stops cleanly on SIGTERM.
 */
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, before, test } from "node:test";
import { freePort, projectRoot } from "../e2e/target.ts";
import { PROVIDER_CLIENT, startTestProvider, type TestProvider } from "../support/testProvider.ts";

const work = mkdtempSync(join(tmpdir(), "recall-desk-install-"));
const copy = join(work, "recall-desk");
const LEFT_OUT = /^(node_modules|data|\.git|coverage|tests\/e2e\/screenshots)(\/|$)/;
let provider: TestProvider;
let env: NodeJS.ProcessEnv;

before(async () => {
  assert.ok(existsSync(join(projectRoot, "dist/index.html")), "needs a build: run npm run build first");
  cpSync(projectRoot, copy, { recursive: true, filter: (source) => !LEFT_OUT.test(relative(projectRoot, source)) });
  execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], { cwd: copy, stdio: "inherit" });
  const port = await freePort();
  const appURL = `http://127.0.0.1:${port}`;
  provider = await startTestProvider(`${appURL}/`);
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: join(work, "data"),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: PROVIDER_CLIENT.clientId,
    OIDC_CLIENT_SECRET: PROVIDER_CLIENT.clientSecret,
    OIDC_JWKS_URL: provider.jwksUrl,
    OIDC_REDIRECT_URL: `${appURL}/`,
    HANDOFF_SECRET: "an install-check hand-off secret of 32 bytes or more",
  };
});

after(async () => {
  await provider?.stop();
  rmSync(work, { recursive: true, force: true });
});

const runtime = () => join(copy, "node_modules/.bin/node");

test("the production dependencies carry the Node 24 runtime, and no development tool", () => {
  assert.match(execFileSync(runtime(), ["--version"], { encoding: "utf8" }), /^v24\./);
  for (const tool of ["vite", "vitest", "@faker-js/faker", "playwright-core"]) assert.equal(existsSync(join(copy, "node_modules", tool)), false, `${tool} is installed`);
});

test("npm run user makes the first administrator on the empty production database", () => {
  const added = execFileSync("npm", ["run", "--silent", "user", "--", "add", "ada.admin@install.example", "--first", "Ada", "--last", "Admin", "--admin"], { cwd: copy, env, encoding: "utf8" });
  assert.match(added, /ada\.admin@install\.example/);
  assert.match(execFileSync("npm", ["run", "--silent", "user", "--", "list"], { cwd: copy, env, encoding: "utf8" }), /Ada Admin.*ada\.admin@install\.example.*administrator/is);
});

test("the server starts, answers its probes and serves the app, with no warning, and stops on SIGTERM", async () => {
  const server = spawn(runtime(), ["server/main.ts"], { cwd: copy, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout.on("data", (chunk: Buffer) => (output += chunk));
  server.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((done) => server.once("exit", (code) => done(code)));
  const base = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitForReady(`${base}/readyz`, () => output);
    const page = await fetch(`${base}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
    const provider = await (await fetch(`${base}/api/auth/provider`)).json();
    assert.equal(provider.kind, "oidc");
  } finally {
    server.kill("SIGTERM");
  }
  assert.equal(await exited, 0, output);
  const warnings = output.split("\n").filter((line) => /"level":(4|5|6)\d/.test(line) || /\bWARN\b|\bERROR\b/.test(line));
  assert.deepEqual(warnings, [], output);
});

async function waitForReady(url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.ok) return;
    if (Date.now() > deadline) assert.fail(`the server never became ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
