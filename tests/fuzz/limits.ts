// The concurrency stage: every limited operation sent more requests at once than its limit allows,
// on the engine under test, each by a user of its own. The limit must hold exactly (so many
// accepted, the rest 429, or 400 for the open callbacks an agent may hold) and the rows written
// must be the accepted ones' only: a limit that counts and then writes in separate steps lets
// parallel requests all count the same rows. The work queue's limits are in queueLimits.ts.
import { buildApp } from "../../server/app.ts";
import type { TestApp } from "../support/testApp.ts";
import { loadConfig } from "../../server/config.ts";
import { openEventStream } from "../support/testStream.ts";
import { FEEDBACK_LIMIT } from "../../domain/mail/feedbackLimit.ts";
import { FREE_FAILURES } from "../../domain/signInThrottle.ts";
import { EVENT_STREAMS_PER_USER, EVENT_TICKETS_PER_MINUTE } from "../../domain/team/events.ts";
import { CALL_STARTS_PER_MINUTE, CLAIMS_PER_MINUTE } from "../../domain/team/agentLimits.ts";
import { burst, membersFor, post, type LimitCase, type LimitOutcome } from "./burst.ts";
import { QUEUE_LIMIT_CASES } from "./queueLimits.ts";

type Table = "feedback" | "event_tickets" | "event_streams" | "member_claims" | "call_starts";
const countRows = async (test: TestApp, table: Table, userId: number) =>
  Number((await test.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow()).n);

/** The burst's outcome and the rows of the user it added to the table (the demo data may hold some already). */
async function writing(test: TestApp, table: Table, userId: number, send: () => Promise<{ passed: number; refused: number }>): Promise<LimitOutcome> {
  const before = await countRows(test, table, userId);
  const outcome = await send();
  return { ...outcome, written: (await countRows(test, table, userId)) - before };
}

export const LIMIT_CASES: LimitCase[] = [
  {
    name: "sendFeedback: 5 in 10 minutes",
    sent: 20,
    allowed: FEEDBACK_LIMIT,
    async run(test, _, user) {
      const feedback = { subject: "Burst", message: "Sent at once.", firstName: "A", lastName: "B", email: user.email, practice: "SM-HOUS", dateTime: "11/16/2026 09:00 AM" };
      return writing(test, "feedback", user.id, () => burst(test, this.sent, () => post(test, "/api/report/sendFeedback", user.token, feedback)));
    },
  },
  {
    name: "signInWithPassword: 5 failures of a new account, then it waits",
    sent: 30,
    allowed: FREE_FAILURES,
    async run(test, _, user) {
      const payload = { email: user.email, password: "not the password" };
      const outcome = await burst(test, this.sent, async () => (await test.app.inject({ method: "POST", url: "/api/sessions/login?jwt=1", payload })).statusCode);
      const row = await test.database.db.selectFrom("sign_in_failures").select("failures").where("account", "=", user.email).executeTakeFirst();
      return { ...outcome, written: row?.failures ?? 0 };
    },
  },
  {
    name: "issueEventTicket: 20 a minute",
    sent: 40,
    allowed: EVENT_TICKETS_PER_MINUTE,
    async run(test, _, user) {
      return writing(test, "event_tickets", user.id, () => burst(test, this.sent, () => post(test, "/api/events/ticket", user.token)));
    },
  },
  {
    name: "openEventStream: 10 open streams",
    sent: 15,
    allowed: EVENT_STREAMS_PER_USER,
    async run(test, baseUrl, user) {
      const tickets: string[] = [];
      for (let index = 0; index < this.sent; index += 1) {
        const answer = await test.app.inject({ method: "POST", url: "/api/events/ticket", headers: { authorization: `Bearer ${user.token}` } });
        tickets.push(answer.json().ticket);
      }
      const streams: Awaited<ReturnType<typeof openEventStream>>[] = [];
      const outcome = await burst(test, this.sent, async (index) => {
        const opened = await openEventStream(`${baseUrl}/api/events?ticket=${tickets[index]}`);
        streams.push(opened);
        return opened.status;
      });
      const written = await countRows(test, "event_streams", user.id);
      for (const opened of streams) opened.close();
      return { ...outcome, written };
    },
  },
  {
    name: "claimMember: 60 a minute",
    sent: 65,
    allowed: CLAIMS_PER_MINUTE,
    async run(test, _, user) {
      const members = await membersFor(test, this.sent, 0);
      return writing(test, "member_claims", user.id, () => burst(test, this.sent, (index) => post(test, "/api/Members/claims", user.token, { memberId: members[index] })));
    },
  },
  {
    name: "recordCallStart: 30 a minute",
    sent: 35,
    allowed: CALL_STARTS_PER_MINUTE,
    async run(test, _, user) {
      const [member] = await membersFor(test, 1, 100);
      return writing(test, "call_starts", user.id, () => burst(test, this.sent, () => post(test, "/api/Members/calls", user.token, { memberId: member })));
    },
  },
  {
    name: "the sign-in calls: SIGN_IN_RATE_LIMIT a minute from one address, counted by every instance",
    sent: 20,
    allowed: 10,
    async run(test, _, user) {
      // A second instance on the same database, whose limit is 10 (the suite's own is out of reach).
      const limited = await buildApp({ config: loadConfig({ NODE_ENV: "test", SIGN_IN_RATE_LIMIT: String(this.allowed) }), database: test.database });
      try {
        return await burst(test, this.sent, async () =>
          (await limited.inject({ method: "POST", url: "/api/auth/dev/token", payload: { email: user.email }, remoteAddress: "10.31.0.1" })).statusCode,
        );
      } finally {
        await limited.close();
      }
    },
  },
  ...QUEUE_LIMIT_CASES,
];
