// @vitest-environment node
// "Clear ended claims" on both engines: the claims that ended before the board's day began go; the
// live ones and those that ended today stay, and the live board still tells when an agent's last
// claim of the day ended.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { hashToken } from "../auth/sessions.repository.ts";
import { boardAgents } from "../board/board.ts";
import { JOBS } from "../../domain/jobs.ts";
import { clearEndedClaims } from "./endedClaims.ts";
import { executeJob } from "./runner.ts";

// 11:00 in Chicago, the practice group's zone by default: its day began at 06:00 UTC.
const NOW = new Date("2026-11-16T17:00:00Z");
const JOB_ID = JOBS.find((job) => job.key === "clear-ended-claims")!.id;
const at = (iso: string) => new Date(iso);

describe.each(ENGINES)("clearing ended claims on %s", (engine) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ engine, now: () => NOW });
  }, 180_000);
  afterAll(() => server?.close());

  it("deletes the claims that ended before the day began, and keeps the live ones and today's for the board", async () => {
    const { db } = server.database;
    const token = await server.sessionOf(STAFF_EMAIL);
    const session = await db.selectFrom("sessions").select(["id", "user_id"]).where("token_hash", "=", hashToken(token)).executeTakeFirstOrThrow();
    const members = (await db.selectFrom("members").select("id").orderBy("id").limit(5).execute()).map((row) => row.id);
    const ends = {
      live: at("2026-11-16T17:01:00Z"),
      endedThisMorning: at("2026-11-16T16:30:00Z"),
      endedAtDayStart: at("2026-11-16T06:00:00Z"),
      endedLastNight: at("2026-11-16T05:59:59Z"),
      endedLastWeek: at("2026-11-09T15:00:00Z"),
    };
    await db.deleteFrom("member_claims").execute();
    await db
      .insertInto("member_claims")
      .values(Object.values(ends).map((expires_at, index) => ({ member_id: members[index]!, user_id: session.user_id, session_id: session.id, expires_at, claimed_at: new Date(expires_at.getTime() - 120_000) })))
      .execute();

    const result = await executeJob(server.app.services, JOB_ID, { trigger: "schedule", runner: clearEndedClaims, now: () => NOW });

    expect(result).toMatchObject({ ran: true, outcome: { status: "success", message: "Cleared 2 claims that ended before today; today's stay for the live board" } });
    const left = await db.selectFrom("member_claims").select("member_id").orderBy("member_id").execute();
    expect(left.map((row) => row.member_id)).toEqual(members.slice(0, 3));
    const { agents } = await boardAgents({ db, now: () => NOW, config: server.app.services.config }, [session.user_id]);
    expect(agents.map((agent) => agent.lastClaimEndedAt)).toEqual([ends.endedThisMorning.toISOString()]);
  });
});
