import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { authMachine, type Session, type SignInRequest } from "./auth.machine";
import { testSession } from "../../../tests/support/sessionFixture";

const session = (overrides: Partial<Session> = {}): Session => testSession({ ...overrides, user: { defaultPage: "/dashboard", ...overrides.user } });

const never = <T>() => new Promise<T>(() => {});

function start({
  persisted = async (): Promise<Session | null> => null,
  loadSession = async (_token: string): Promise<Session | null> => session(),
  signIn = async (_request: SignInRequest): Promise<Session> => session(),
  signOut = async (_token: string): Promise<void> => undefined,
} = {}) {
  const effects = { remember: vi.fn(), forget: vi.fn(), navigate: vi.fn(), signOut: vi.fn(signOut) };
  const actor = createActor(
    authMachine.provide({
      actors: {
        readPersistedSession: fromPromise(persisted),
        loadSession: fromPromise(({ input }) => loadSession(input.token)),
        signIn: fromPromise(({ input }) => signIn(input)),
        signOut: fromPromise(({ input }) => effects.signOut(input.token)),
      },
      actions: {
        rememberSession: (_, params) => effects.remember(params.session),
        forgetSession: () => effects.forget(),
        navigate: (_, params) => effects.navigate(params.to),
      },
    }),
  ).start();
  return { actor, effects };
}

const signedIn = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (s) => s.matches("signedIn"));
const signedOut = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (s) => s.matches("signedOut"));

describe("auth machine: session load at start", () => {
  it("is signed out when nothing is stored", async () => {
    const { actor, effects } = start();
    await signedOut(actor);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(effects.navigate).not.toHaveBeenCalled();
  });

  it("restores a stored session that the server still knows, and keeps it fresh", async () => {
    const fresh = session({ user: { ...session().user, firstname: "Marc" } });
    const { actor, effects } = start({ persisted: async () => session(), loadSession: async () => fresh });
    await signedIn(actor);
    expect(actor.getSnapshot().context.session).toEqual(fresh);
    expect(effects.remember).toHaveBeenCalledWith(fresh);
  });

  it.each([
    ["returns nothing", async () => null],
    ["returns a session without id", async () => session({ id: "" })],
    ["fails", async () => Promise.reject(new Error("offline"))],
  ])("logs out when the session lookup %s", async (_, loadSession) => {
    const { actor, effects } = start({ persisted: async () => session(), loadSession });
    await signedOut(actor);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(effects.forget).toHaveBeenCalled();
  });
});

describe("auth machine: persist timeout (5000 ms)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits 5000 ms for browser storage, then carries on signed out", async () => {
    const { actor } = start({ persisted: never });
    await vi.advanceTimersByTimeAsync(4999);
    expect(actor.getSnapshot().value).toBe("restoring");
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe("signedOut");
  });
});

describe("auth machine: sign-in", () => {
  it("login begin → session call → login success: alert cleared, session stored, user's default page", async () => {
    const requests: SignInRequest[] = [];
    const { actor, effects } = start({
      signIn: async (request) => {
        requests.push(request);
        return session();
      },
    });
    await signedOut(actor);
    actor.send({ type: "auth.failure", failure: { message: "Earlier problem", statusCode: 500 } });

    actor.send({ type: "auth.signIn", request: { kind: "account", credential: "id-token" }, landing: "defaultPage" });
    expect(actor.getSnapshot().value).toBe("signingIn");
    await signedIn(actor);

    expect(requests).toEqual([{ kind: "account", credential: "id-token" }]);
    expect(actor.getSnapshot().context.alert).toBeNull();
    expect(effects.remember).toHaveBeenCalledWith(session());
    expect(effects.navigate).toHaveBeenCalledWith("/dashboard");
  });

  it("lands on the members list when asked to (a page parameter, or the partner hand-off)", async () => {
    const { actor, effects } = start();
    await signedOut(actor);
    actor.send({ type: "auth.signIn", request: { kind: "handoff", token: "a.b.c" }, landing: "membersList" });
    await signedIn(actor);
    expect(effects.navigate).toHaveBeenCalledWith("/members/all");
  });

  it("stores the error as the alert when sign-in fails", async () => {
    const { actor, effects } = start({
      signIn: async () => Promise.reject({ message: "Invalid or expired token", statusCode: 401 }),
    });
    await signedOut(actor);
    actor.send({ type: "auth.signIn", request: { kind: "handoff", token: "a.b.c" }, landing: "membersList" });
    await waitFor(actor, (s) => s.context.alert !== null);
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context.alert).toEqual({ message: "Invalid or expired token", statusCode: 401 });
    expect(effects.remember).not.toHaveBeenCalled();
  });
});

describe("auth machine: signed in", () => {
  async function signedInActor(options: Parameters<typeof start>[0] = {}) {
    const started = start({ persisted: async () => session(), ...options });
    await signedIn(started.actor);
    return started;
  }

  it("logout deletes the session on the server, then clears cookie and session", async () => {
    const { actor, effects } = await signedInActor();
    actor.send({ type: "auth.logout" });
    await signedOut(actor);
    expect(effects.signOut).toHaveBeenCalledWith("token-1");
    expect(effects.forget).toHaveBeenCalledTimes(1);
    expect(effects.signOut.mock.invocationCallOrder[0]).toBeLessThan(effects.forget.mock.invocationCallOrder[0]!);
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  it("logs out locally even when the server cannot be reached", async () => {
    const { actor, effects } = await signedInActor({ signOut: async () => Promise.reject(new Error("offline")) });
    actor.send({ type: "auth.logout" });
    await signedOut(actor);
    expect(effects.forget).toHaveBeenCalled();
  });

  it("logs out on the session-expired signal of the API client, without a word for an expiry", async () => {
    const { actor } = await signedInActor();
    actor.send({ type: "session.expired", failure: { message: "Session Expired", statusCode: 401 } });
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context.alert).toBeNull();
  });

  it("says why on the sign-in screen when an administrator ended the access", async () => {
    const ended = { message: "Your access was ended by an administrator.", statusCode: 401 };
    const { actor } = await signedInActor();
    actor.send({ type: "session.expired", failure: ended });
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context.alert).toEqual(ended);
    const other = await signedInActor();
    other.actor.send({ type: "auth.failure", failure: ended });
    expect(other.actor.getSnapshot().value).toBe("signedOut");
    expect(other.actor.getSnapshot().context.alert).toEqual(ended);
  });

  it("says why when the stored session was ended by an administrator while the app was closed", async () => {
    const ended = Object.assign(new Error("Your access was ended by an administrator."), { statusCode: 401 });
    const { actor } = start({ persisted: async () => session(), loadSession: async () => Promise.reject(ended) });
    await signedOut(actor);
    expect(actor.getSnapshot().context.alert).toEqual({ message: "Your access was ended by an administrator.", statusCode: 401 });
  });

  it.each([
    [{ message: "Session Expired", statusCode: 403 }],
    [{ message: "Unauthorized", statusCode: 401 }],
  ])("logs out on the failure %o", async (failure) => {
    const { actor } = await signedInActor();
    actor.send({ type: "auth.failure", failure });
    expect(actor.getSnapshot().value).toBe("signedOut");
    expect(actor.getSnapshot().context.alert).toBeNull();
  });

  it("stores any other failure as the alert, and clearing it empties it", async () => {
    const { actor } = await signedInActor();
    actor.send({ type: "auth.failure", failure: { message: "Report service unavailable", statusCode: 503 } });
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(actor.getSnapshot().context.alert).toEqual({ message: "Report service unavailable", statusCode: 503 });

    actor.send({ type: "alert.clear" });
    expect(actor.getSnapshot().context.alert).toBeNull();
  });

  it("keeps a changed session (new defaults) and stores it", async () => {
    const { actor, effects } = await signedInActor();
    const changed = session({ user: { ...session().user, defaultPage: "/members/all" } });
    actor.send({ type: "auth.sessionChanged", session: changed });
    expect(actor.getSnapshot().context.session).toEqual(changed);
    expect(effects.remember).toHaveBeenLastCalledWith(changed);
  });
});

describe("auth machine: hand-off while signed in", () => {
  it("replaces the session with the handed-over user's", async () => {
    const other = session({ id: "session-2", accessToken: "token-2" });
    const { actor, effects } = start({ persisted: async () => session(), signIn: async () => other });
    await signedIn(actor);
    actor.send({ type: "auth.signIn", request: { kind: "handoff", token: "a.b.c" }, landing: "membersList" });
    await waitFor(actor, (s) => s.context.session?.id === "session-2");
    expect(effects.remember).toHaveBeenLastCalledWith(other);
    expect(effects.navigate).toHaveBeenLastCalledWith("/members/all");
  });
});
