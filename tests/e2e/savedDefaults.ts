// Every spec file starts from the demo users' saved defaults as the demo data has them. On a backend
// that keeps what a test saves for the rest of the run (the server, the fake host), one spec's Set
// Default would otherwise change the list another spec walks: the harness puts them back before each
// spec's first test, through the API, as each user (the API saves only the caller's own defaults).
// The fake backend in the browser starts from the seeded data on every page load: nothing to do there.
import { DEMO_PASSWORD } from "../../demo/staff.ts";

const APP_ID = "call_center";
/** The named accounts of the demo data (demo/staff.ts), the ones the specs sign in as. */
const NAMED_STAFF_EMAILS = ["alicia.moreno@recalldesk.example", "marcus.reed@recalldesk.example", "priya.natarajan@recalldesk.example"];

type SetupRecord = { appId: string; field: "practice" | "status"; value: string };

async function call<T>(baseURL: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const answer = await fetch(`${baseURL}/api${path}`, {
    ...rest,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!answer.ok) throw new Error(`resetting the demo users' saved defaults: ${rest.method ?? "GET"} ${path} answered ${answer.status} ${await answer.text()}`);
  return (answer.status === 204 ? undefined : await answer.json()) as T;
}

/**
 * A user without saved records works with every status and the practices of their account
 * (defaultLocationId): a user who has saved some gets exactly those back, so that the next spec
 * walks the list the demo data promises.
 */
async function resetOne(baseURL: string, email: string): Promise<void> {
  const session = await call<{ accessToken: string; user: { id: number; defaultLocationId: string } }>(baseURL, "/sessions/login?jwt=1", {
    method: "POST",
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const token = session.accessToken;
  try {
    const query = encodeURIComponent(JSON.stringify({ userId: session.user.id, appId: APP_ID }));
    const saved = await call<SetupRecord[]>(baseURL, `/userSetup/${query}`, { token });
    const known: Record<SetupRecord["field"], string> = { practice: session.user.defaultLocationId, status: "all" };
    for (const record of saved) {
      if (record.value === known[record.field]) continue;
      await call(baseURL, "/userSetup", { method: "POST", token, body: JSON.stringify({ appId: APP_ID, field: record.field, value: known[record.field] }) });
    }
  } finally {
    await call(baseURL, "/sessions", { method: "DELETE", token });
  }
}

let lastSpec: string | undefined;

/** Puts back the demo users' saved defaults when a new spec file begins (on a backend that keeps them). */
export async function startSpecFromKnownDefaults(baseURL: string, specFile: string | undefined): Promise<void> {
  const keeps = process.env.E2E_TARGET === "server" || process.env.E2E_TARGET === "fake-host";
  if (!keeps || specFile === lastSpec) return;
  lastSpec = specFile;
  for (const email of NAMED_STAFF_EMAILS) await resetOne(baseURL, email);
}
