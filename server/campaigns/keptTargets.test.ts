// @vitest-environment node
// The counts of a campaign's targets are kept, on both engines: read as kept for a minute, then
// answered as kept once more while the instance counts them again in the background; a finished
// campaign keeps its last count.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, bearer, ENGINES, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { settleTargetRecounts } from "./keptTargets.ts";

describe.each(ENGINES)("kept target counts on %s", (engine) => {
  let server: TestApp;
  let admin: string;
  let clock = Date.now();

  beforeAll(async () => {
    server = await startTestApp({ engine, now: () => new Date(clock) });
    admin = await server.sessionOf(ADMIN_EMAIL);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const call = async (method: "GET" | "POST", url: string, payload?: object) => {
    const answer = await server.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
    return answer.json();
  };
  const progressOf = async (id: number) => ((await call("GET", "/campaign-progress")) as { campaignId: number; targeted: number; countedAt: string }[]).find((row) => row.campaignId === id)!;
  /** Moves one member targeted by `company` to another brand, behind the kept count's back. */
  const moveOneMember = (from: string, to: string) => sql`update members set company = ${to} where id = (select min(id) from members where company = ${from})`.execute(server.database.db);

  async function campaignOn(company: string) {
    const body = { name: `Kept ${company}`, description: "", script: "", targets: { company }, agents: [], startsOn: "2026-11-01", endsOn: "2099-12-31", hours: null, goalResult: null, attemptCap: null, position: 0 };
    return (await call("POST", "/campaigns", body)) as { id: number };
  }

  it("answers the kept count for a minute, then counts again in the background", async () => {
    const { id } = await campaignOn("uhc");
    const first = await progressOf(id);
    expect(first.targeted).toBeGreaterThan(1);
    await moveOneMember("uhc", "denta");
    clock += 59_000;
    expect(await progressOf(id)).toMatchObject({ targeted: first.targeted, countedAt: first.countedAt });
    clock += 1_000;
    expect(await progressOf(id)).toMatchObject({ targeted: first.targeted, countedAt: first.countedAt });
    await settleTargetRecounts(server.app.services);
    expect(await progressOf(id)).toMatchObject({ targeted: first.targeted - 1, countedAt: new Date(clock).toISOString() });
  });

  it("keeps a finished campaign's last count", async () => {
    const { id } = await campaignOn("tmhp");
    const first = await progressOf(id);
    await call("POST", `/campaigns/${id}/finish`);
    await moveOneMember("tmhp", "denta");
    clock += 120_000;
    await progressOf(id);
    await settleTargetRecounts(server.app.services);
    expect(await progressOf(id)).toMatchObject({ targeted: first.targeted, countedAt: first.countedAt });
  });
});
