// @vitest-environment node
// Next from campaigns on the server, on both engines: a campaign is served from a hopper of its own
// (`campaign:<id>`), and whether it is still active is read again at the take, in the take's
// transaction: a pause saved after a Next read the agent's campaigns, but before it took a member,
// serves nothing from the campaign.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { localTimeOf } from "../../domain/queue/zonedTime.ts";
import { findStaffByEmail } from "../auth/sessions.repository.ts";
import { serveNext, settleHopperFills } from "../queue/next.repository.ts";
import { openZonesAt, queueSettingOf } from "../queue/setting.ts";
import { loadConfig } from "../config.ts";
import { campaignInput } from "../../tests/support/fakeCampaign.ts";

const CENTRAL = "America/Chicago";

/** Two hours of calling from Central's current hour: open in Central and Eastern. */
function windowOpenInCentral(): string {
  const hour = Math.floor(localTimeOf(Date.now(), CENTRAL).minutes / 60);
  const clock = (h: number) => `${String(h).padStart(2, "0")}:00`;
  return `${clock(hour)}-${clock(Math.min(24, hour + 2))}`;
}

describe.each(ENGINES)("Next from campaigns on %s", (engine) => {
  let test: TestApp;
  let admin: string;
  let staff: string;
  let staffId: number;
  const env = { QUEUE_CALLING_HOURS: windowOpenInCentral() };
  const call = (method: "POST", url: string, token: string, payload?: unknown) =>
    test.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const hopperSize = async (key: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from queue_hopper where key = ${key}`.execute(test.database.db)).rows[0]!.n;

  beforeAll(async () => {
    test = await startTestApp({ engine, env });
    admin = await test.sessionOf(ADMIN_EMAIL);
    staff = await test.sessionOf(STAFF_EMAIL);
    staffId = (await findStaffByEmail(test.database.db, STAFF_EMAIL))!.id;
  }, 180_000);
  afterAll(() => test?.close());

  /** A campaign of the staff member's, started, and the first member Next serves from its hopper. */
  async function servedFromNewCampaign(fields: Omit<Parameters<typeof campaignInput>[0], "agents">) {
    const created = await call("POST", "/campaigns", admin, campaignInput({ ...fields, agents: [staffId] }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect((await call("POST", `/campaigns/${id}/resume`, admin)).statusCode).toBe(200);
    // The due callbacks come first (the demo data has some): pressed until the queue's turn fills the campaign's hopper.
    let answer = (await call("POST", "/queue/next", staff)).json();
    for (let press = 0; answer.why.group !== "queue"; press += 1) {
      expect(press).toBeLessThan(50);
      answer = (await call("POST", "/queue/next", staff)).json();
    }
    return { id: id as number, answer };
  }

  it("serves from the campaign's own hopper, and nothing once a pause lands before the take", async () => {
    const { id, answer } = await servedFromNewCampaign({ name: "Every New Patient", script: "Welcome", targets: { status: "New Patient" } });
    expect(answer.campaign).toEqual({ id, name: "Every New Patient", script: "Welcome" });
    expect(answer.member.Status).toBe("New Patient");
    const key = `campaign:${id}`;
    // A take below the hopper's low mark fills it in the background: its size is read once that fill is done.
    await settleHopperFills(test.database.db);
    const held = await hopperSize(key);
    expect(held).toBeGreaterThan(0);

    // What a Next read of the caller's campaigns before the pause was saved.
    const setting = queueSettingOf(loadConfig({ ...process.env, ...env }));
    const now = new Date();
    const session = await test.database.db.selectFrom("sessions").select("id").where("user_id", "=", staffId).executeTakeFirstOrThrow();
    const request = {
      userId: staffId,
      sessionId: session.id,
      address: "127.0.0.1",
      query: { status: "New Patient" as const },
      openZones: openZonesAt(now, setting, []),
      now,
      claimsNow: now,
      campaign: { id, attemptCap: null, goalResult: null, cooldownHours: { noAnswer: null, leftMessage: null } },
    };
    expect((await call("POST", `/campaigns/${id}/pause`, admin)).statusCode).toBe(200);
    expect(await serveNext(test.database.db, request, setting)).toBeUndefined();
    expect(await hopperSize(key)).toBe(held);
    const after = (await call("POST", "/queue/next", staff, undefined)).json();
    expect(after.campaign).toBeNull();
  }, 60_000);

  it("never picks into its hopper a member at the campaign's attempt cap: one would be taken, refused and picked again", async () => {
    const { id, answer } = await servedFromNewCampaign({ name: "One try each", script: "Hello", targets: { status: "New Patient" }, attemptCap: 1 });
    expect(answer.campaign).toMatchObject({ id });
    expect(answer.why.attempts).toBe(0);
    await settleHopperFills(test.database.db);
    const key = `campaign:${id}`;
    const { rows } = await sql<{ held: number; capped: number; cappedEligible: number }>`
      select (select count(*)::int from queue_hopper where key = ${key}) as held,
        (select count(*)::int from queue_hopper h join queue_state q on q.member_id = h.member_id where h.key = ${key} and q.attempts >= 1) as capped,
        (select count(*)::int from queue_state q join members m on m.id = q.member_id join member_visits v on v.member_id = m.id
          where v.status = 'New Patient' and q.attempts >= 1 and q.blocked is null) as "cappedEligible"`.execute(test.database.db);
    // The demo data has New Patients tried before whom the list's queue would serve: the cap alone leaves them out.
    expect(rows[0]!.cappedEligible).toBeGreaterThan(0);
    expect(rows[0]!.held).toBeGreaterThan(0);
    expect(rows[0]!.capped).toBe(0);
  }, 60_000);
});
