// @vitest-environment node
// Campaigns on the server, on both engines: every change an administrator makes is audited under
// their name, and a refused one writes neither the campaign nor an audit row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, bearer, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { findStaffByEmail } from "../auth/sessions.repository.ts";

describe.each(ENGINES)("campaigns on %s", (engine) => {
  let server: TestApp;
  let admin: string;
  let adminId: number;
  let staffId: number;

  beforeAll(async () => {
    server = await startTestApp({ engine });
    admin = await server.sessionOf(ADMIN_EMAIL);
    adminId = (await findStaffByEmail(server.database.db, ADMIN_EMAIL))!.id;
    staffId = (await findStaffByEmail(server.database.db, STAFF_EMAIL))!.id;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
    const answer = await server.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: answer.statusCode, body: answer.json() };
  };
  const audited = () => server.database.db.selectFrom("audit_log").select(["user_id", "action"]).where("action", "like", "%Campaign %").orderBy("id").execute();

  const input = {
    name: "Houston recare",
    description: "",
    script: "Hello",
    targets: { company: "mcna" },
    agents: [] as number[],
    startsOn: "2026-12-01",
    endsOn: "2026-12-04",
    hours: null,
    goalResult: null,
    attemptCap: null,
    position: 0,
  };

  it("audits each change under the administrator who made it, and nothing for a refused one", async () => {
    const created = await call("POST", "/campaigns", { ...input, agents: [staffId] });
    expect(created.status).toBe(201);
    const { id } = created.body;
    expect((await call("PUT", `/campaigns/${id}`, { ...input, agents: [staffId], description: "Overdue", version: 1 })).status).toBe(200);
    expect((await call("PUT", `/campaigns/${id}`, { ...input, description: "Stale", version: 1 })).status).toBe(409);
    expect((await call("POST", `/campaigns/${id}/resume`)).status).toBe(200);
    expect((await call("POST", `/campaigns/${id}/resume`)).status).toBe(409);
    expect((await call("POST", `/campaigns/${id}/pause`)).status).toBe(200);
    const copy = await call("POST", `/campaigns/${id}/clone`, { name: "Houston recare, next week" });
    expect(copy.status).toBe(201);
    expect((await call("POST", `/campaigns/${id}/finish`)).status).toBe(200);
    expect((await call("POST", "/campaigns", input)).status).toBe(409);
    expect(await audited()).toEqual(
      [`createCampaign ${id}`, `updateCampaign ${id}`, `resumeCampaign ${id}`, `pauseCampaign ${id}`, `cloneCampaign ${id} ${copy.body.id}`, `finishCampaign ${id}`].map((action) => ({
        user_id: adminId,
        action,
      })),
    );
    // The demo world's campaigns keep their own agents.
    const agents = await server.database.db
      .selectFrom("campaign_agents")
      .select(["campaign_id", "user_id"])
      .where("campaign_id", "in", [id, copy.body.id])
      .orderBy("campaign_id")
      .execute();
    expect(agents).toEqual([
      { campaign_id: id, user_id: staffId },
      { campaign_id: copy.body.id, user_id: staffId },
    ]);
  });

  it("removes a disabled agent from each campaign, audited under the administrator who disabled them", async () => {
    const created = await call("POST", "/campaigns", { ...input, name: "Disabled agent", agents: [staffId] });
    expect(created.status).toBe(201);
    expect((await call("POST", `/staff/${staffId}/disable`)).status).toBe(200);
    const rows = await server.database.db.selectFrom("audit_log").select(["user_id", "action"]).where("action", "=", `unassignCampaignAgent ${created.body.id} ${staffId}`).execute();
    expect(rows).toEqual([{ user_id: adminId, action: `unassignCampaignAgent ${created.body.id} ${staffId}` }]);
    expect(await server.database.db.selectFrom("campaign_agents").selectAll().where("user_id", "=", staffId).execute()).toEqual([]);
  });
});
