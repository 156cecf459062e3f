// @vitest-environment node
// The server as `npm start` runs it (node server/main.ts, logger on): what its logs say after a
// sign-in, a hand-off and members calls; a clean stop on SIGTERM; a second process on the same data
// folder refused; and a configuration problem told in one line.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { get as httpGet } from "node:http";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_HANDOFF } from "../domain/signInTokens.ts";
import { LOCK_FILE } from "./db/lock.ts";
import { openEventStream } from "../tests/support/testStream.ts";
import { seededPGlite } from "../tests/support/testDatabase.ts";

const MAIN = join(import.meta.dirname, "main.ts");
const USER_COMMAND = join(import.meta.dirname, "auth", "userCommand.ts");
const PRIYA = "priya.natarajan@recalldesk.example";

/** `npm run user -- <args>` on the data folder: its exit code and what it printed. */
async function userCommand(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [USER_COMMAND, ...args], { env: { ...process.env, DATA_DIR: dataDir } });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  return { code, output: output.trim() };
}
const START_TIMEOUT_MS = 90_000;

interface Started {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, PORT: "0", ...env }, stdio: "pipe" });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { child, output: () => output, exited };
}

async function addressOf(server: Started): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const match = /Recall Desk is running at (http:\/\/[^\s]+) /.exec(server.output());
    if (match) return match[1]!;
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the server did not start:\n${server.output()}`);
}

const handoffToken = (email: string) =>
  new SignJWT({ email })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(DEV_HANDOFF.issuer)
    .setAudience(DEV_HANDOFF.audience)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(DEV_HANDOFF.secret));

let dataDir: string;
let server: Started;
let baseUrl: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "recall-main-"));
  const seeded = await seededPGlite(dataDir);
  await seeded.close();
  server = startServer({ DATA_DIR: dataDir });
  baseUrl = await addressOf(server);
}, 180_000);
afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("node server/main.ts", () => {
  it("prints how to sign in: the demo accounts, and a password that signs them in", async () => {
    expect(server.output()).toContain('press "Sign in with your account"');
    expect(server.output()).toContain("Alicia Moreno <alicia.moreno@recalldesk.example> (administrator)");
    const password = /the demo password "([^"]+)"/.exec(server.output())?.[1];
    const signedIn = await fetch(`${baseUrl}/api/sessions/login?jwt=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "alicia.moreno@recalldesk.example", password }),
    });
    expect(signedIn.status).toBe(200);
  });

  it("starts without a warning: no line an administrator would have to chase", () => {
    const warnings = server.output().split("\n").filter((line) => /"level":[4-6]0/.test(line) || /\bWARN/i.test(line));
    expect(warnings).toEqual([]);
  });

  it("refuses a second process on the same data folder, naming the folder and the first process", async () => {
    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      `Recall Desk cannot start: The data folder ${dataDir} is in use by process ${server.child.pid}. PGlite allows one process per folder: ` +
        "stop the other server, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).",
    );
  }, 60_000);

  it("checks before npm start builds and seeds: the folder in use is told in one line", async () => {
    const checked = spawn(process.execPath, [MAIN, "--check"], { env: { ...process.env, DATA_DIR: dataDir } });
    let output = "";
    checked.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    expect(await new Promise((done) => checked.once("exit", done))).toBe(1);
    expect(output.trim()).toMatch(new RegExp(`^Recall Desk cannot start: The data folder ${dataDir} is in use by process ${server.child.pid}\\.`));
    const free = mkdtempSync(join(tmpdir(), "recall-main-free-"));
    const fine = spawn(process.execPath, [MAIN, "--check"], { env: { ...process.env, DATA_DIR: free } });
    expect(await new Promise((done) => fine.once("exit", done))).toBe(0);
    expect(existsSync(join(free, LOCK_FILE))).toBe(false);
    rmSync(free, { recursive: true, force: true });
  }, 60_000);

  it("says in one line what is wrong with the configuration, and exits 1", async () => {
    const misconfigured = startServer({ DATA_DIR: dataDir, SIGN_IN_RATE_LIMIT: "many" });
    expect(await misconfigured.exited).toBe(1);
    expect(misconfigured.output().trim()).toBe('Recall Desk cannot start: SIGN_IN_RATE_LIMIT must be an integer from 1 to 1000000, not "many"');
  }, 60_000);

  it("refuses to offer development sign-in on an address other machines reach, in one line", async () => {
    const open = startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), "recall-main-open-")), HOST: "0.0.0.0" });
    expect(await open.exited).toBe(1);
    const lines = open.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Recall Desk cannot start: HOST=0\.0\.0\.0 is reachable from other machines, .* DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK=yes/);
  }, 60_000);

  it("disables a user through the running server (npm run user): their sessions, open stream and claims end at once", async () => {
    const signIn = async (email: string) => {
      const issued = await fetch(`${baseUrl}/api/auth/dev/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
      const { credential } = await issued.json();
      const signedIn = await fetch(`${baseUrl}/api/sessions?jwt=1`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ credential }) });
      return { authorization: `Bearer ${(await signedIn.json()).accessToken}`, "content-type": "application/json" };
    };
    const listen = async (headers: Record<string, string>) => {
      const { ticket } = await (await fetch(`${baseUrl}/api/events/ticket`, { method: "POST", headers })).json();
      return openEventStream(`${baseUrl}/api/events?ticket=${ticket}`);
    };
    const priya = await signIn(PRIYA);
    const colleague = await signIn("marcus.reed@recalldesk.example");
    expect((await fetch(`${baseUrl}/api/sessions`, { headers: priya })).status).toBe(200);
    const list = await (await fetch(`${baseUrl}/api/Members/getMembersTableData?pageSize=15`, { headers: colleague })).json();
    const member = list.members[0];
    const watching = await listen(colleague);
    const priyasStream = await listen(priya);
    try {
      expect((await fetch(`${baseUrl}/api/Members/claims`, { method: "POST", headers: priya, body: JSON.stringify({ memberId: member.id }) })).status).toBe(200);
      await watching.next((event) => event.event === "claim" && JSON.parse(event.data).claim !== null);

      const command = userCommand(dataDir, "disable", PRIYA);
      const streamEnded = priyasStream.ended.then(() => Date.now());
      expect(await command).toEqual({ code: 0, output: `Disabled ${PRIYA}: signed out everywhere, and cannot sign in.` });
      const commandDone = Date.now();
      expect((await Promise.race([streamEnded, new Promise((done) => setTimeout(done, 1000, "still open"))]) as number) - commandDone).toBeLessThan(1000);
      expect(JSON.parse((await watching.next((event) => event.event === "claim", 1000)).data)).toEqual({ memberId: member.id, claim: null });
      const after = await (await fetch(`${baseUrl}/api/Members/getMembersTableData?search=${member.Subscriber_ID}&practice=${member.practiceId}`, { headers: colleague })).json();
      expect(after.members.find((listed: { id: number }) => listed.id === member.id).claim).toBeNull();
      expect((await fetch(`${baseUrl}/api/sessions`, { headers: priya })).status).toBe(401);
    } finally {
      watching.close();
      priyasStream.close();
    }
    expect(await userCommand(dataDir, "disable", "nobody@recalldesk.example")).toEqual({ code: 1, output: "There is no user with the e-mail nobody@recalldesk.example" });
  }, 60_000);

  it("adds and lists staff through the running server (npm run user), with the Staff screen's rules", async () => {
    const added = await userCommand(dataDir, "add", "dana.cho@recalldesk.example", "--first", "Dana", "--last", "Cho", "--practices", "SM-HOUS");
    expect(added).toEqual({ code: 0, output: "Added Dana Cho <dana.cho@recalldesk.example>: signs in with the account of that e-mail." });
    const listed = await userCommand(dataDir, "list");
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(/\tDana Cho <dana\.cho@recalldesk\.example>\tpractices \d+\tnever signed in/);
    expect(await userCommand(dataDir, "add", "DANA.CHO@recalldesk.example", "--first", "D", "--last", "C")).toEqual({
      code: 1,
      output: "There is already a staff member with the e-mail DANA.CHO@recalldesk.example",
    });
  }, 60_000);

  it("logs a sign-in, a hand-off and members calls without tokens or member data, then stops cleanly on SIGTERM", async () => {
    const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
      const headers = { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) };
      return fetch(`${baseUrl}${path}`, { ...init, headers });
    };
    const { credential } = await (await call("/api/auth/dev/token", { method: "POST", body: JSON.stringify({ email: "marcus.reed@recalldesk.example" }) })).json();
    const session = await (await call("/api/sessions?jwt=1", { method: "POST", body: JSON.stringify({ credential }) })).json();
    const token: string = session.accessToken;
    const handoff = await handoffToken("alicia.moreno@recalldesk.example");
    const handedOff = await call(`/api/sessions/cdpLogin/${handoff}`);
    expect(handedOff.status).toBe(200);
    const handoffSession: string = (await handedOff.json()).accessToken;
    const pageHandoff = await handoffToken("alicia.moreno@recalldesk.example");
    await fetch(`${baseUrl}/cdpLogin/${pageHandoff}`, { headers: { accept: "text/html" } });
    await fetch(`${baseUrl}/?token=${pageHandoff}&page=members`, { headers: { accept: "text/html" } });

    const listed = await call("/api/Members/getMembersTableData?pageSize=15", { token });
    expect(listed.status).toBe(200);
    const page = await listed.json();
    const member = page.members[0];
    const searched = await call(`/api/Members/getMembersTableData?search=${encodeURIComponent(member.Last_Name)}`, { token });
    expect(searched.status).toBe(200);
    const params = encodeURIComponent(JSON.stringify({ sid: member.Subscriber_ID, practice: member.practiceId, patnum: member.PatNum }));
    expect((await call(`/api/Members/getNotes/${params}`, { token })).status).toBe(200);

    const recording = (await (await call("/api/call-recordings/directoryList", { token })).json()).rows[0];
    const download = async () =>
      (await (await call(`/api/call-recordings/downloadCallRecording?key=${encodeURIComponent(recording.url)}&title=call.mp3`, { token })).json()).data as string;
    const link = await download();
    expect((await fetch(link)).status).toBe(200);
    // A download the browser cuts off after its first bytes.
    const cutOff = await download();
    await new Promise<void>((done) => {
      const request = httpGet(cutOff, (response) => response.once("data", () => (request.destroy(), setTimeout(done, 300))));
      request.on("error", () => {});
    });

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const logs = server.output();
    expect(logs).toContain('"url":"/api/Members/getMembersTableData"');
    expect(logs).toContain('"url":"/api/sessions/cdpLogin/:token"');
    expect(logs).toContain('"url":"/cdpLogin/[token]"');
    const secrets = [credential, token, handoff, handoffSession, pageHandoff, link.split("/").at(-1)!, cutOff.split("/").at(-1)!];
    expect(logs).not.toMatch(/"statusCode":5\d\d/);
    expect(logs).not.toMatch(/"level":(50|60)/);
    expect(logs).not.toContain("Reply was already sent");
    const memberData = page.members.flatMap((m: Record<string, string>) => [m.First_Name, m.Last_Name, m.Subscriber_ID, m.Phone]);
    for (const secret of secrets) expect(logs).not.toContain(secret);
    for (const value of memberData) expect(logs).not.toContain(value);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it("leaves a disabled user out of the accounts the start-up banner offers", async () => {
    const again = startServer({ DATA_DIR: dataDir });
    try {
      await addressOf(again);
      expect(again.output()).toContain("Alicia Moreno <alicia.moreno@recalldesk.example> (administrator)");
      expect(again.output()).not.toContain(PRIYA);
    } finally {
      again.child.kill("SIGTERM");
      await again.exited;
    }
  }, 120_000);
});
