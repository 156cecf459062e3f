// Shared set-up of the contract suite: a fresh target per file, and signed-in staff through the
// development provider, exactly as the login screen signs in.
import { afterAll, beforeAll } from "vitest";
import type { components } from "../../contract/schema";
import { createCaller, type Caller } from "./http";
import { startTarget, type Target } from "./target";

export interface SignedIn {
  token: string;
  user: components["schemas"]["User"];
}

export interface Backend {
  target: Target;
  api: Caller;
  /** An administrator and a member of staff who is not one. */
  admin: SignedIn;
  staff: SignedIn;
  /** A second member of staff who is not an administrator, beside `staff` (the team's cases). */
  colleague: SignedIn;
  signIn: (email: string) => Promise<SignedIn>;
}

export async function signIn(api: Caller, email: string): Promise<SignedIn> {
  const issued = await api.post("/auth/dev/token", { body: { email } });
  if (issued.status !== 200) throw new Error(`dev token for ${email}: ${issued.status}`);
  const session = await api.post("/sessions", { query: { jwt: 1 }, body: { credential: issued.body.credential, email } });
  if (session.status !== 200) throw new Error(`sign-in of ${email}: ${session.status} ${JSON.stringify(session.body)}`);
  return { token: session.body.accessToken, user: session.body.user };
}

/** The fields a 400 names (openapi.yaml, Errors). */
export const fieldsOf = (body: { details?: { field: string }[] }) => (body.details ?? []).map((detail) => detail.field);

// Where the test files share one process (vitest.contract.config.ts), every file after the first
// starts its server in this hook, not while it loads (tests/contract/target.ts). On a busy machine
// (load 18) starting the server on a fresh PGlite database outlasted the suite's 60 s for a hook.
const START_TIMEOUT_MS = 300_000;

/** Call in a describe block or at file level: `const backend = useBackend();` then read it in tests. */
export function useBackend(): Backend {
  const backend = {} as Backend;
  beforeAll(async () => {
    backend.target = await startTarget();
    backend.api = createCaller(backend.target.baseUrl, backend.target.replayed);
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
    const adminAccount = accounts.find((account) => account.isAdmin);
    const [staffAccount, colleagueAccount] = accounts.filter((account) => !account.isAdmin);
    if (!adminAccount || !staffAccount || !colleagueAccount) throw new Error("the target needs an administrator and two other staff");
    backend.signIn = (email) => signIn(backend.api, email);
    backend.admin = await backend.signIn(adminAccount.email);
    backend.staff = await backend.signIn(staffAccount.email);
    backend.colleague = await backend.signIn(colleagueAccount.email);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await backend.target?.close();
  });
  return backend;
}
