// @vitest-environment node
// The feedback limit (domain/mail/feedbackLimit.ts) under feedback sent at once: counted one at a
// time in the database, on PGlite and on PostgreSQL 15 with DATABASE_URL_TEST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEEDBACK_LIMIT } from "../../domain/mail/feedbackLimit.ts";
import { ENGINES, openEveryConnection, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";

const FEEDBACK = {
  subject: "Filter resets",
  message: "The practice filter resets after saving a result.",
  firstName: "Marcus",
  lastName: "Reed",
  email: STAFF_EMAIL,
  practice: "SM-HOUS",
  dateTime: "11/16/2026 09:00 AM",
};

describe.each(ENGINES)("feedback sent at once on %s", (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp({ engine, env: { DATA_DIR: "memory://" } });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it("accepts the limit and refuses the rest with 429, keeping only what it accepted", async () => {
    const token = await test.sessionOf(STAFF_EMAIL);
    await openEveryConnection(test.database);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => test.app.inject({ method: "POST", url: "/api/report/sendFeedback", headers: { authorization: `Bearer ${token}` }, payload: FEEDBACK })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(FEEDBACK_LIMIT).fill(202), ...Array(20 - FEEDBACK_LIMIT).fill(429)]);
    const kept = await test.database.db.selectFrom("feedback").select("id").where("email", "=", STAFF_EMAIL).execute();
    expect(kept).toHaveLength(FEEDBACK_LIMIT);
    const mailed = await test.database.db.selectFrom("outbox").select("id").where("subject", "like", "%Filter resets%").execute();
    expect(mailed).toHaveLength(FEEDBACK_LIMIT);
  });
});
