// @vitest-environment node
// Agents saving results and notes of the same member at the same moment, as parallel HTTP requests
// to a listening server: on PostgreSQL 15 the saves run in overlapping transactions on the pool's
// connections, on PGlite one after another. No acknowledged save may be lost or doubled, and the
// member's current result and note must be the last ones saved (the newest of their histories);
// saves that send the version they saw never overwrite each other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, ENGINES, startTestApp, type TestApp } from "../../tests/support/testApp.ts";

const RESULTS = ["Appointment Made", "Left message", "No answer", "Broken", "Transfer", "Reschedule", "Confirm"];

interface Saved {
  id: number;
  userId: number;
  value: string;
}

describe.each(ENGINES)("concurrent saves on %s", (engine) => {
  let server: TestApp;
  let baseUrl: string;
  /** The first member of the list: a page of the list is what the agents work from. */
  let member: { id: number; subscriber_id: string; pat_num: string; practice_id: number };
  let agents: { userId: number; token: string }[];

  beforeAll(async () => {
    server = await startTestApp({ engine });
    baseUrl = `${await server.app.listen({ port: 0, host: "127.0.0.1" })}/api`;
    const { db } = server.database;
    member = await db.selectFrom("members").select(["id", "subscriber_id", "pat_num", "practice_id"]).orderBy("id").limit(1).executeTakeFirstOrThrow();
    // Twenty agents: every seeded user, some of them signed in twice (two browser tabs).
    const users = await db.selectFrom("users").select(["id", "email"]).orderBy("id").execute();
    agents = [];
    for (let index = 0; index < 20; index += 1) {
      const user = users[index % users.length]!;
      agents.push({ userId: user.id, token: await server.sessionOf(user.email) });
    }
  }, 180_000);
  afterAll(() => server?.close());

  async function post(path: string, token: string, body: Record<string, unknown>) {
    const answer = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ sid: member.subscriber_id, patnum: member.pat_num, practice: member.practice_id, addLocation: "callCenter", ...body }),
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    return (await answer.json()) as { id: number };
  }

  /** Every agent saves a result and a note at once; the acknowledged saves. */
  async function saveAtOnce(count: number, round: string) {
    const saves = agents.slice(0, count).flatMap((agent, index) => {
      const result = RESULTS[index % RESULTS.length]!;
      const note = `Round ${round}, agent ${index + 1}: called, will try again`;
      return [
        post("/Members/saveResult", agent.token, { Result: result }).then(({ id }) => ({ kind: "result" as const, id, userId: agent.userId, value: result })),
        post("/Members/saveNotes", agent.token, { notes: note }).then(({ id }) => ({ kind: "note" as const, id, userId: agent.userId, value: note })),
      ];
    });
    const saved = await Promise.all(saves);
    return { results: saved.filter((save) => save.kind === "result"), notes: saved.filter((save) => save.kind === "note") };
  }

  async function histories() {
    const { db } = server.database;
    const results = await db.selectFrom("results").select(["id", "user_id", "result as value", "created_at"]).where("member_id", "=", member.id).execute();
    const notes = await db.selectFrom("notes").select(["id", "user_id", "notes as value", "created_at"]).where("member_id", "=", member.id).execute();
    const current = await db.selectFrom("member_work").select(["result", "notes", "notes_at"]).where("member_id", "=", member.id).executeTakeFirstOrThrow();
    return { results, notes, current };
  }

  type Row = { id: number; user_id: number; value: string; created_at: Date };

  /** Each acknowledged save is exactly one new row, as sent; nothing else was added. */
  function expectKept(before: Row[], after: Row[], saved: Saved[]) {
    expect(after.length).toBe(before.length + saved.length);
    const byId = new Map(after.map((row) => [row.id, row]));
    for (const save of saved) expect(byId.get(save.id), `save ${save.id}`).toMatchObject({ user_id: save.userId, value: save.value });
    expect(new Set(saved.map((save) => save.id)).size).toBe(saved.length);
  }

  /** The newest row of a history (by time, then id, as getResults and getNotes order it). */
  const newest = (rows: Row[]) => [...rows].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)[0]!;

  it.each([2, 20])("%i agents at once lose no save, and the last save is the member's current value", async (count) => {
    const before = await histories();
    const { results, notes } = await saveAtOnce(count, `${engine}-${count}`);
    const after = await histories();
    expectKept(before.results, after.results, results);
    expectKept(before.notes, after.notes, notes);

    // The saves of one member are serialised by its row lock: ids are given in that order, and the
    // last one committed is the newest of the history and the member's current value.
    const lastResult = after.results.filter((row) => results.some((save) => save.id === row.id)).sort((a, b) => b.id - a.id)[0]!;
    const lastNote = after.notes.filter((row) => notes.some((save) => save.id === row.id)).sort((a, b) => b.id - a.id)[0]!;
    expect(newest(after.results).id).toBe(lastResult.id);
    expect(newest(after.notes).id).toBe(lastNote.id);
    expect(after.current.result).toBe(lastResult.value);
    expect(after.current.notes).toBe(lastNote.value);
    expect(after.current.notes_at?.getTime()).toBe(lastNote.created_at.getTime());

    // What the agents then read is the same history, newest first.
    const params = encodeURIComponent(JSON.stringify({ sid: member.subscriber_id, practice: member.practice_id, patnum: member.pat_num }));
    const read = await fetch(`${baseUrl}/Members/getResults/${params}`, { headers: bearer(agents[0]!.token) });
    const history = (await read.json()) as { id: number; Result: string }[];
    expect(history.length).toBe(after.results.length);
    expect(history[0]).toMatchObject({ id: lastResult.id, Result: lastResult.value });
  }, 120_000);

  it("agents saving at once from the version they all saw: one save of each kind lands, the others answer 409 with it", async () => {
    const { db } = server.database;
    const { version } = await db.selectFrom("member_work").select("version").where("member_id", "=", member.id).executeTakeFirstOrThrow();
    const send = (path: string, token: string, body: Record<string, unknown>) =>
      fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { ...bearer(token), "content-type": "application/json" },
        body: JSON.stringify({ sid: member.subscriber_id, patnum: member.pat_num, practice: member.practice_id, addLocation: "callCenter", version, ...body }),
      }).then(async (answer) => ({ path, status: answer.status, body: (await answer.json()) as { id?: number; current?: { version: number } } }));
    const answers = await Promise.all(
      agents.slice(0, 10).flatMap((agent, index) => [
        send("/Members/saveResult", agent.token, { Result: RESULTS[index % RESULTS.length] }),
        send("/Members/saveNotes", agent.token, { notes: `Version race, agent ${index + 1}` }),
      ]),
    );
    for (const path of ["/Members/saveResult", "/Members/saveNotes"]) {
      const ofKind = answers.filter((answer) => answer.path === path);
      expect(ofKind.filter((answer) => answer.status === 201)).toHaveLength(1);
      expect(ofKind.filter((answer) => answer.status === 409)).toHaveLength(9);
    }
    const after = await db.selectFrom("member_work").select(["version", "result_version", "notes_version"]).where("member_id", "=", member.id).executeTakeFirstOrThrow();
    expect(after.version).toBe(version + 2);
    // Each refusal names a version at least as new as the save of its kind that landed.
    const landed = (path: string) => (path.endsWith("saveResult") ? after.result_version : after.notes_version);
    for (const answer of answers.filter((candidate) => candidate.status === 409)) expect(answer.body.current!.version).toBeGreaterThanOrEqual(landed(answer.path));
  }, 120_000);
});
