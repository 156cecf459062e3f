// The work queue's limits sent at once (the concurrency stage, limits.ts): the open callbacks one
// agent may own, through bookings and through administrators' reassignments; Next, counted with
// the agent's claims; and the bookings and moves of one member's callback a minute. Each case has
// agents of its own, made here: the demo has too few for every case to take one.
import { DEFAULT_QUEUE_RULES } from "../../domain/queue/rules.ts";
import { CALLBACK_CHANGES_PER_MEMBER_PER_MINUTE, CLAIMS_PER_MINUTE } from "../../domain/team/agentLimits.ts";
import { ADMIN_EMAIL, type TestApp } from "../support/testApp.ts";
import { burst, membersFor, post, type LimitCase } from "./burst.ts";

const { maxOpenCallbacks } = DEFAULT_QUEUE_RULES;
/** How many open callbacks the agent holds before the burst. */
const HELD = maxOpenCallbacks - 5;

/** A new agent (no administrator) with a session: its id and bearer token. */
async function newAgent(test: TestApp, name: string) {
  const email = `${name}.limits@recalldesk.example`;
  const { id } = await test.database.db.insertInto("users").values({ email, firstname: name, lastname: "Limits", password_hash: null }).returning("id").executeTakeFirstOrThrow();
  return { id, token: await test.sessionOf(email) };
}

/** Members a callback may be booked for (a Blank result, no open callback), in id order from `offset`. */
async function freeMembers(test: TestApp, count: number, offset: number): Promise<number[]> {
  const rows = await test.database.db
    .selectFrom("members")
    .innerJoin("member_work", "member_work.member_id", "members.id")
    .select("members.id as id")
    .where("member_work.result", "=", "")
    .where((eb) => eb.not(eb.exists(eb.selectFrom("callbacks").select("id").whereRef("member_id", "=", "members.id").where("status", "=", "open"))))
    .orderBy("members.id")
    .offset(offset)
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

/** Two days ahead at 20:00 UTC, plus `minutes`: inside the calling window in every zone of the mainland and Hawaii. */
function dueAt(minutes = 0): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 20, minutes)).toISOString();
}

const openOwned = async (test: TestApp, userId: number) =>
  Number((await test.database.db.selectFrom("callbacks").select((eb) => eb.fn.countAll<string>().as("n")).where("owner_id", "=", userId).where("status", "=", "open").executeTakeFirstOrThrow()).n);

/** Books a callback for each member, one after another; their ids. */
async function bookEach(test: TestApp, token: string, members: readonly number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const memberId of members) {
    const answer = await test.app.inject({ method: "POST", url: "/api/callbacks", headers: { authorization: `Bearer ${token}` }, payload: { memberId, dueAt: dueAt() } });
    if (answer.statusCode !== 201) throw new Error(`booking for member ${memberId} answered ${answer.statusCode}: ${answer.body}`);
    ids.push(answer.json().id);
  }
  return ids;
}

export const QUEUE_LIMIT_CASES: LimitCase[] = [
  {
    name: `bookCallback: ${maxOpenCallbacks} open callbacks per agent, booked at once by an agent holding ${HELD}`,
    sent: 20,
    allowed: maxOpenCallbacks - HELD,
    async run(test) {
      const agent = await newAgent(test, "bookings");
      const members = await freeMembers(test, HELD + this.sent, 0);
      await bookEach(test, agent.token, members.slice(0, HELD));
      const outcome = await burst(test, this.sent, (index) => post(test, "/api/callbacks", agent.token, { memberId: members[HELD + index], dueAt: dueAt() }), 400);
      return { ...outcome, written: (await openOwned(test, agent.id)) - HELD };
    },
  },
  {
    name: `reassignCallbacks: ${maxOpenCallbacks} open callbacks per agent, reassigned at once to an agent holding ${HELD}`,
    sent: 20,
    allowed: maxOpenCallbacks - HELD,
    async run(test) {
      const agent = await newAgent(test, "reassignments");
      const giver = await newAgent(test, "giver");
      const members = await freeMembers(test, HELD + this.sent, 100);
      await bookEach(test, agent.token, members.slice(0, HELD));
      const given = await bookEach(test, giver.token, members.slice(HELD));
      const admin = await test.sessionOf(ADMIN_EMAIL);
      const outcome = await burst(test, this.sent, (index) => post(test, "/api/callbacks/reassign", admin, { callbackIds: [given[index]], userId: agent.id }), 400);
      return { ...outcome, written: (await openOwned(test, agent.id)) - HELD };
    },
  },
  {
    name: `nextMember: counted with claimMember, ${CLAIMS_PER_MINUTE} a minute together`,
    sent: CLAIMS_PER_MINUTE + 5,
    allowed: CLAIMS_PER_MINUTE,
    async run(test) {
      const agent = await newAgent(test, "next");
      const claimed = await membersFor(test, 30, 200);
      // Half claims, half Next, interleaved: Next alone had no limit and drained the queue.
      return burst(test, this.sent, (index) =>
        index % 2 === 0 && index / 2 < claimed.length ? post(test, "/api/Members/claims", agent.token, { memberId: claimed[index / 2] }) : post(test, "/api/queue/next", agent.token),
      );
    },
  },
  {
    name: `bookCallback: ${CALLBACK_CHANGES_PER_MEMBER_PER_MINUTE} bookings and moves of one member's callback a minute`,
    sent: 20,
    allowed: CALLBACK_CHANGES_PER_MEMBER_PER_MINUTE,
    async run(test) {
      const agent = await newAgent(test, "moves");
      const [memberId] = await freeMembers(test, 1, 300);
      const changes = async () =>
        Number((await test.database.db.selectFrom("callback_changes").select((eb) => eb.fn.countAll<string>().as("n")).where("member_id", "=", memberId!).executeTakeFirstOrThrow()).n);
      const before = await changes();
      const outcome = await burst(test, this.sent, (index) => post(test, "/api/callbacks", agent.token, { memberId, dueAt: dueAt(index) }));
      return { ...outcome, written: (await changes()) - before };
    },
  },
];
