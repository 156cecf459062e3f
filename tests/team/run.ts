/**
 * npm run test:team: a call center on two server instances sharing one PostgreSQL. Instance A and
 * instance B run `node server/main.ts` (the API and the built app) on a schema of their own in
 * DATABASE_URL_TEST; Marcus Reed works in Chromium on A, Priya Natarajan in another Chromium on B.
 * Proves over HTTP and in the browsers that what one instance does, the other sees: a claim made
 * on A reaches B's event stream within 1 s and B's members list; a save in B's browser reaches A's
 * event stream within 1 s and A's list; a stale save on A is answered 409 with B's save; a help
 * file uploaded through A downloads through B; an administrator's live board in Chromium on A
 * shows, within 2 s, a claim, a phone-link press and a save in Priya's browser on B and a sign-out
 * on B; and killing B (SIGKILL) in the middle of saves loses none that B acknowledged. Needs a build (dist/) and PostgreSQL; without DATABASE_URL_TEST
 * it says so and passes, as the other PostgreSQL stages do.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../demo/staff.ts";
import { openEventStream, type EventStream } from "../support/testStream.ts";
import { chooseAccount } from "../e2e/accounts.ts";
import { launchBrowser, type Browser } from "../e2e/browser.ts";
import { startInstance, teamDatabase, type Instance, type TeamDatabase } from "./instances.ts";

const MARCUS = { name: "Marcus Reed", email: "marcus.reed@recalldesk.example" };
const PRIYA = { name: "Priya Natarajan", email: "priya.natarajan@recalldesk.example" };
const ALICIA = { name: "Alicia Moreno", email: "alicia.moreno@recalldesk.example" };
const JOSEFA = { email: "josefa.roberts@recalldesk.example" };
/** Issue 1 of the team's worklist: what one agent does shows on every other agent's list within a second. */
const LIVE_WITHIN_MS = 1_000;
/** The live board: an agent's change shows on the administrator's board within 2 seconds. */
const BOARD_WITHIN_MS = 2_000;
const HELP_PDF = new URL("../../demo/files/help/reports-guide.pdf", import.meta.url);

const url = process.env.DATABASE_URL_TEST;
if (!url) {
  console.log("test:team skipped: DATABASE_URL_TEST is not set (two instances need one PostgreSQL server)");
  process.exit(0);
}

interface Member {
  id: number;
  Subscriber_ID: string;
  PatNum: string;
  practiceId: number;
  Result: string;
  version: number;
  claim: { by: { firstname: string; lastname: string } } | null;
}

let team: TeamDatabase;
let a: Instance;
let b: Instance;
const browsers: Browser[] = [];
const streams: EventStream[] = [];
const tokens: Record<string, string> = {};
let member: Member;

async function call(instance: Instance, token: string | undefined, method: string, path: string, body?: unknown) {
  const response = await fetch(`${instance.baseURL}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

async function signIn(instance: Instance, email: string): Promise<string> {
  const answer = await call(instance, undefined, "POST", "/sessions/login?jwt=1", { email, password: DEMO_PASSWORD });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body!.accessToken as string;
}

async function eventStreamOf(instance: Instance, token: string): Promise<EventStream> {
  const ticket = await call(instance, token, "POST", "/events/ticket");
  assert.equal(ticket.status, 201);
  const stream = await openEventStream(`${instance.baseURL}/api/events?ticket=${ticket.body!.ticket as string}`);
  assert.equal(stream.status, 200);
  streams.push(stream);
  return stream;
}

async function listed(instance: Instance, token: string, search: string): Promise<Member> {
  const answer = await call(instance, token, "GET", `/Members/getMembersTableData?search=${encodeURIComponent(search)}&pageSize=15`);
  assert.equal(answer.status, 200);
  const found = (answer.body!.members as Member[]).find((row) => row.id === member.id);
  assert.ok(found, `member ${member.id} is listed`);
  return found;
}

/** A signed-in agent's members list in Chromium, narrowed to the test's member by its subscriber id. */
/** Marcus's members list on instance A, Priya's on B. */
const pagesOf: { a?: Page; b?: Page } = {};

async function openList(instance: Instance, person: { name: string }): Promise<Page> {
  const browser = await launchBrowser(instance.baseURL);
  browsers.push(browser);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto("/");
  await chooseAccount(page, person);
  await page.goto("/members/all");
  await searchMember(page);
  return page;
}

const listSettled = (page: Page) =>
  page.waitForFunction(() => document.querySelector(".members-table")?.getAttribute("aria-busy") === "false", undefined, { timeout: 30_000 });

async function searchMember(page: Page, target: Member = member): Promise<void> {
  // The agent's default practices may leave the member out: every practice, then its subscriber id.
  await listSettled(page);
  await page.getByRole("search", { name: "Filter members" }).getByLabel("Practice", { exact: true }).selectOption("all");
  await listSettled(page);
  await page.getByRole("searchbox", { name: "Search" }).fill(target.Subscriber_ID);
  // The member may already be on the page before the search applies: wait for the search's own
  // answer (the member alone), or its late reload would dismiss a question asked meanwhile.
  await page.waitForFunction((id) => {
    const rows = [...document.querySelectorAll("tbody tr.member-row")];
    return rows.length === 1 && rows[0]!.getAttribute("data-member-id") === String(id);
  }, target.id, { timeout: 30_000 });
  await listSettled(page);
}

const resultBox = (page: Page, target: Member = member) => page.locator(`tr[data-member-id="${target.id}"]`).getByRole("combobox", { name: /^Result for / });

before(async () => {
  team = await teamDatabase(url);
  [a, b] = await Promise.all([startInstance("a", team.url), startInstance("b", team.url)]);
  tokens.marcus = await signIn(a, MARCUS.email);
  tokens.priya = await signIn(b, PRIYA.email);
  tokens.alicia = await signIn(a, ALICIA.email);
  const page = await call(a, tokens.marcus, "GET", "/Members/getMembersTableData?pageSize=100");
  assert.equal(page.status, 200, JSON.stringify(page.body));
  member = (page.body!.members as Member[]).find((row) => row.Result === "")!;
  assert.ok(member, "a member with no result yet");
}, { timeout: 240_000 });

after(async () => {
  for (const stream of streams) stream.close();
  await Promise.all(browsers.map((browser) => browser.close()));
  await Promise.all([a?.stop(), b?.stop()]);
  await team?.drop();
});

test("both agents see the members list, each on an instance of their own", { timeout: 120_000 }, async () => {
  const [onA, onB] = await Promise.all([openList(a, MARCUS), openList(b, PRIYA)]);
  // By agent, not by the order of `browsers`: the two start side by side and either may be first.
  pagesOf.a = onA;
  pagesOf.b = onB;
  assert.equal(await resultBox(onA).inputValue(), "");
  assert.equal(await resultBox(onB).inputValue(), "");
});

test("a claim made on A reaches B's event stream within 1 s, and B's members list", { timeout: 30_000 }, async () => {
  const onB = await eventStreamOf(b, tokens.priya!);
  const started = performance.now();
  const claim = await call(a, tokens.marcus, "POST", "/Members/claims", { memberId: member.id });
  assert.equal(claim.status, 200);
  const event = await onB.next((candidate) => candidate.event === "claim" && JSON.parse(candidate.data).memberId === member.id, 5_000);
  const took = performance.now() - started;
  assert.ok(took <= LIVE_WITHIN_MS, `the claim reached B after ${took.toFixed(0)} ms`);
  assert.equal(JSON.parse(event.data).claim.by.firstname, "Marcus");
  assert.deepEqual((await listed(b, tokens.priya!, member.Subscriber_ID)).claim?.by, { id: (claim.body!.by as { id: number }).id, firstname: "Marcus", lastname: "Reed" });
  // And in B's browser, the row of the member says so without a reload.
  await pagesOf.b!.getByText("Marcus Reed is calling", { exact: true }).waitFor({ state: "visible", timeout: LIVE_WITHIN_MS });
});

test("a save in B's browser reaches A's event stream within 1 s, and A's list", { timeout: 60_000 }, async () => {
  const onA = await eventStreamOf(a, tokens.marcus!);
  const pageB = pagesOf.b!;
  const saved = pageB.waitForResponse((response) => response.url().includes("/api/Members/saveResult") && response.request().method() === "POST");
  await resultBox(pageB).selectOption("Left message");
  // Marcus still holds his claim: Priya's browser asks first. The second counts from her answer.
  const ask = pageB.getByRole("dialog", { name: "Save anyway?" });
  await ask.getByText("Marcus Reed is calling this member. Save anyway?").waitFor({ state: "visible", timeout: 15_000 });
  const started = performance.now();
  await ask.getByRole("button", { name: "Save anyway" }).click();
  assert.equal((await saved).status(), 201);
  const event = await onA.next((candidate) => candidate.event === "member" && JSON.parse(candidate.data).memberId === member.id, 5_000);
  const took = performance.now() - started;
  assert.ok(took <= LIVE_WITHIN_MS, `the save reached A after ${took.toFixed(0)} ms`);
  assert.equal(JSON.parse(event.data).Result, "Left message");
  assert.equal((await listed(a, tokens.marcus!, member.Subscriber_ID)).Result, "Left message");
  const pageA = pagesOf.a!;
  await pageA.reload();
  await searchMember(pageA);
  assert.equal(await resultBox(pageA).inputValue(), "Left message");
});

test("a stale save on A is answered 409 with B's save", { timeout: 30_000 }, async () => {
  const stale = await call(a, tokens.marcus, "POST", "/Members/saveResult", {
    sid: member.Subscriber_ID,
    patnum: member.PatNum,
    practice: member.practiceId,
    Result: "Appointment Made",
    addLocation: "callCenter",
    version: member.version,
  });
  assert.equal(stale.status, 409, JSON.stringify(stale.body));
  const current = stale.body!.current as { Result: string; savedBy: unknown };
  assert.equal(current.Result, "Left message");
  assert.match(JSON.stringify(current.savedBy), /Priya/);
  assert.equal((await listed(b, tokens.priya!, member.Subscriber_ID)).Result, "Left message");
});

test("a help file uploaded through A downloads through B", { timeout: 30_000 }, async () => {
  const pdf = readFileSync(HELP_PDF);
  const upload = await fetch(`${a.baseURL}/api/files/help/team-guide.pdf`, {
    method: "PUT",
    headers: { authorization: `Bearer ${tokens.alicia}`, "content-type": "application/pdf" },
    body: pdf,
  });
  assert.equal(upload.status, 201);
  const download = await fetch(`${b.baseURL}/api/files/help/team-guide.pdf`);
  assert.equal(download.status, 200);
  assert.ok(Buffer.from(await download.arrayBuffer()).equals(pdf));
});

test("an administrator's board on A shows a claim, a phone-link press and a save in B's browser, and a sign-out on B, within 2 s each", { timeout: 180_000 }, async () => {
  const browser = await launchBrowser(a.baseURL);
  browsers.push(browser);
  const board = browser.context.pages()[0] ?? (await browser.context.newPage());
  await board.goto("/");
  await chooseAccount(board, ALICIA);
  await board.goto("/live-board");
  await board.getByRole("status").filter({ hasText: /Live$/ }).waitFor({ timeout: 60_000 });
  const stateOf = (name: string) => board.locator("tbody tr.live-board__row", { has: board.getByRole("button", { name, exact: true }) }).locator(".live-board__state");
  const shows = async (what: string, name: string, state: string) => {
    const started = performance.now();
    await stateOf(name).filter({ hasText: new RegExp(`^${state}$`) }).waitFor({ timeout: BOARD_WITHIN_MS });
    console.log(`# ${what} on B shown on A's board after ${(performance.now() - started).toFixed(0)} ms`);
  };

  const list = await call(b, tokens.priya, "GET", "/Members/getMembersTableData?pageSize=100");
  const other = (list.body!.members as Member[]).find((row) => row.Result === "" && row.id !== member.id)!;
  const priya = pagesOf.b!;
  await searchMember(priya, other);
  const row = priya.locator(`tr[data-member-id="${other.id}"]`);
  await row.getByRole("button", { name: /^Add Notes for / }).click();
  await shows("a claim", PRIYA.name, "Working");
  await priya.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await row.getByRole("link", { name: /\(call .+\)$/ }).click();
  await shows("a phone-link press", PRIYA.name, "On call");
  await resultBox(priya, other).selectOption("Appointment Made");
  await shows("a save", PRIYA.name, "Ready");

  // Another agent on B, at a desk (a live stream open), signs out there.
  const josefa = await signIn(b, JOSEFA.email);
  streams.push(await eventStreamOf(b, josefa));
  await stateOf("Josefa Roberts").waitFor({ timeout: BOARD_WITHIN_MS });
  assert.equal((await call(b, josefa, "DELETE", "/sessions")).status, 204);
  await shows("a sign-out", "Josefa Roberts", "Offline");
});

test("killing B in the middle of saves loses none that B acknowledged", { timeout: 120_000 }, async () => {
  const page = await call(b, tokens.priya, "GET", "/Members/getMembersTableData?pageSize=50&orderByColumn=Phone");
  const members = page.body!.members as Member[];
  const { rows: before } = await sql<{ last: number | null }>`select max(id) as last from results`.execute(team.database.db);
  const acknowledged: number[] = [];
  let failures = 0;
  let killed = false;
  const agent = async (index: number) => {
    for (let turn = 0; !killed || turn < 1; turn += 1) {
      const target = members[(index * 7 + turn) % members.length]!;
      try {
        const save = await call(b, tokens.priya, "POST", "/Members/saveResult", {
          sid: target.Subscriber_ID,
          patnum: target.PatNum,
          practice: target.practiceId,
          Result: turn % 2 ? "No answer" : "Left message",
          addLocation: "callCenter",
        });
        if (save.status === 201) acknowledged.push(save.body!.id as number);
      } catch {
        failures += 1;
        return;
      }
    }
  };
  const agents = Array.from({ length: 8 }, (_, index) => agent(index));
  while (acknowledged.length < 40) await new Promise((done) => setTimeout(done, 10));
  await b.kill();
  killed = true;
  await Promise.all(agents);
  assert.ok(failures > 0, "saves were under way when B was killed");
  const { rows } = await sql<{ id: number }>`select id from results where id > ${before[0]?.last ?? 0}`.execute(team.database.db);
  const kept = new Set(rows.map((row) => row.id));
  const lost = acknowledged.filter((id) => !kept.has(id));
  assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged saves are missing`);
  // A serves on: the saves B made are in its list.
  const ready = await fetch(`${a.baseURL}/readyz`);
  assert.equal(ready.status, 200);
});
