// @vitest-environment node
// A campaign's hopper holds members picked under its targets ahead of time. A member whose brand or
// MCO changes while it waits there no longer matches the campaign: Next must not serve it for the
// campaign. The take checks the targets again on the member as it is at that moment.
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { findStaffByEmail } from "../auth/sessions.repository.ts";
import { settleHopperFills } from "../queue/next.repository.ts";
import { campaignInput } from "../../tests/support/fakeCampaign.ts";

/** Members next in the hopper whose target column changes. */
const CHANGED = 5;
/** Presses of Next that serve members from the queue before the test gives up on reaching it. */
const MOST_PRESSES = 60;

describe.each(ENGINES)("a campaign's targets at the take on %s", (engine) => {
  let test: TestApp;
  let admin: string;
  let staff: string;
  let staffId: number;
  const call = (method: "POST", url: string, token: string, payload?: unknown) =>
    test.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    test = await startTestApp({ engine, env: { QUEUE_CALLING_HOURS: "00:00-24:00" } });
    admin = await test.sessionOf(ADMIN_EMAIL);
    staff = await test.sessionOf(STAFF_EMAIL);
    staffId = (await findStaffByEmail(test.database.db, STAFF_EMAIL))!.id;
  }, 180_000);
  afterAll(() => test?.close());
  // Each case's campaign is paused after it, so that the next case's campaign is the one served.
  const made: number[] = [];
  afterEach(async () => {
    for (const id of made.splice(0)) expect((await call("POST", `/campaigns/${id}/pause`, admin)).statusCode).toBe(200);
  });

  /** An active campaign of the staff member on these targets. */
  async function campaignOn(name: string, targets: Record<string, string>): Promise<number> {
    const created = await call("POST", "/campaigns", admin, campaignInput({ name, script: "Hello", targets, agents: [staffId] }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    made.push(id);
    expect((await call("POST", `/campaigns/${id}/resume`, admin)).statusCode).toBe(200);
    return id;
  }

  /** Presses Next until it serves a member from the campaign's hopper (the due callbacks come first), and fills it. */
  async function firstFromHopper(id: number) {
    for (let press = 0; press < MOST_PRESSES; press += 1) {
      const answer = (await call("POST", "/queue/next", staff)).json();
      if (answer.why?.group === "queue") {
        expect(answer.campaign?.id).toBe(id);
        await settleHopperFills(test.database.db);
        return answer;
      }
    }
    throw new Error("the queue's turn never came");
  }

  /** The members Next serves for the campaign from here on, until nobody is left or `presses` are made. */
  async function servedFor(id: number, presses: number) {
    const served: { company: string; MCO: string }[] = [];
    for (let press = 0; press < presses; press += 1) {
      const answer = (await call("POST", "/queue/next", staff)).json();
      if (!answer.member) break;
      if (answer.campaign?.id === id && answer.why.group === "queue") served.push(answer.member);
    }
    return served;
  }

  /** The members next in the campaign's hopper. */
  const nextInHopper = async (id: number) =>
    (await sql<{ member_id: number }>`select member_id from queue_hopper where key = ${`campaign:${id}`} order by place limit ${CHANGED}`.execute(test.database.db)).rows.map(
      (row) => row.member_id,
    );

  it("serves no member whose brand changed while it sat in the campaign's hopper", async () => {
    const id = await campaignOn("Brand at the take", { company: "mcna" });
    await firstFromHopper(id);
    const waiting = await nextInHopper(id);
    expect(waiting).toHaveLength(CHANGED);
    await sql`update members set company = 'uhc' where id = any(${waiting}::int[])`.execute(test.database.db);

    const served = await servedFor(id, 2 * CHANGED);
    expect(served.length).toBeGreaterThan(0);
    expect(served.map((member) => member.company)).toEqual(served.map(() => "mcna"));
  }, 120_000);

  it("serves no member whose MCO changed while it sat in the campaign's hopper", async () => {
    const { mco } = await test.database.db.selectFrom("members").select("mco").where("mco", "!=", "").groupBy("mco").orderBy(sql`count(*)`, "desc").executeTakeFirstOrThrow();
    const id = await campaignOn("MCO at the take", { mco });
    await firstFromHopper(id);
    const waiting = await nextInHopper(id);
    expect(waiting).toHaveLength(CHANGED);
    await sql`update members set mco = 'Changed MCO' where id = any(${waiting}::int[])`.execute(test.database.db);

    const served = await servedFor(id, 2 * CHANGED);
    expect(served.length).toBeGreaterThan(0);
    expect(served.map((member) => member.MCO)).toEqual(served.map(() => mco));
  }, 120_000);
});
