// The demo floor (npm run dev): the demo world's other agents at work while the app runs, so the
// live board moves. Each signs in, sits at a desk with a stream open, and goes round: between
// members for a while (now and then long enough to turn Idle), claims a member with no result
// yet, presses its phone link, and saves a result (now and then only after the call is overdue).
// They work through the fake backend's own API, as a browser would, so every rule, event and list
// applies. Node tests never start it; browser tests switch it off (tests/e2e/vite.e2e.config.ts).
import type { components } from "../../contract/schema";
import { DEMO_PASSWORD, NAMED_STAFF_COUNT } from "../../demo/staff.ts";
import type { MockDb } from "../db/createMockDb";

type Result = components["schemas"]["MemberResult"];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** How often the floor looks at who is due for their next step. */
export const DEMO_FLOOR_TICK_MS = 2 * SECOND;

const OUTCOMES: { result: Result; weight: number }[] = [
  { result: "No answer", weight: 30 },
  { result: "Left message", weight: 25 },
  { result: "Appointment Made", weight: 18 },
  { result: "Contact Made Call Back", weight: 12 },
  { result: "Contact Made Not Interested", weight: 6 },
  { result: "Phone number issues", weight: 5 },
  { result: "Reschedule", weight: 4 },
];

type Step = "between" | "working" | "onCall";

interface DeskAgent {
  userId: number;
  email: string;
  token?: string;
  step: Step;
  member?: MockDb["members"][number];
  nextAt: number;
}

export interface DemoFloorOptions {
  /** The API as the page calls it (`${location.origin}/api`). */
  baseUrl: string;
  random?: () => number;
}

export function startDemoFloor(db: MockDb, { baseUrl, random = Math.random }: DemoFloorOptions): () => void {
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min));
  const agents: DeskAgent[] = db.users
    .slice(NAMED_STAFF_COUNT)
    .filter((user) => !user.isAdmin)
    .map((user) => ({ userId: user.id, email: user.email, step: "between", nextAt: Date.now() + between(0, 30 * SECOND) }));
  // At their desks: each has a live stream open, as the members list holds one.
  const desks = agents.map((agent) => db.events.subscribe({ userId: agent.userId, sessionToken: "demo-floor", isAdmin: false, send: () => {}, end: () => {} }));

  async function call(agent: DeskAgent, path: string, body: unknown) {
    const answer = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(agent.token ? { Authorization: `Bearer ${agent.token}` } : {}) },
      body: JSON.stringify(body),
    });
    // A session that ended (the tab's sessions are kept across reloads) is opened again next time.
    if (answer.status === 401) agent.token = undefined;
    return answer.ok ? ((await answer.json()) as Record<string, unknown>) : undefined;
  }

  function outcome(): Result {
    let pick = random() * OUTCOMES.reduce((sum, each) => sum + each.weight, 0);
    return OUTCOMES.find((each) => (pick -= each.weight) < 0)?.result ?? "No answer";
  }

  async function step(agent: DeskAgent): Promise<void> {
    agent.token ??= (await call(agent, "/sessions/login?jwt=1", { email: agent.email, password: DEMO_PASSWORD }))?.accessToken as string | undefined;
    if (agent.step === "between") {
      const free = db.members.filter((member) => member.Result === "" && !db.claims.has(member.id));
      agent.member = free[between(0, free.length)];
      const claimed = agent.member && (await call(agent, "/Members/claims", { memberId: agent.member.id }));
      Object.assign(agent, claimed ? { step: "working", nextAt: Date.now() + between(10 * SECOND, 40 * SECOND) } : { nextAt: Date.now() + 5 * SECOND });
    } else if (agent.step === "working") {
      await call(agent, "/Members/calls", { memberId: agent.member!.id });
      // One call in twenty runs past the 10 minutes a result should take.
      const length = random() < 0.05 ? between(10.5 * MINUTE, 12 * MINUTE) : between(30 * SECOND, 3 * MINUTE);
      Object.assign(agent, { step: "onCall", nextAt: Date.now() + length });
    } else {
      const { Subscriber_ID: sid, PatNum: patnum, practiceId: practice } = agent.member!;
      await call(agent, "/Members/saveResult", { sid, patnum, practice, Result: outcome(), addLocation: "callCenter" });
      // One pause in ten is long enough to turn the agent Idle.
      const pause = random() < 0.1 ? between(5.5 * MINUTE, 7 * MINUTE) : between(20 * SECOND, 90 * SECOND);
      Object.assign(agent, { step: "between", member: undefined, nextAt: Date.now() + pause });
    }
  }

  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    const due = agents.filter((agent) => agent.nextAt <= Date.now());
    if (due.length === 0) return;
    busy = true;
    void Promise.all(due.map((agent) => step(agent).catch(() => void (agent.nextAt = Date.now() + 10 * SECOND)))).finally(() => (busy = false));
  }, DEMO_FLOOR_TICK_MS);
  return () => {
    clearInterval(timer);
    desks.forEach((leave) => leave());
  };
}
