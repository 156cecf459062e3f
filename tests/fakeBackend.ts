// Screen tests on the typed fake backend (mocks/node.ts): every test gets a freshly seeded database
// and every handler of the contract, an unhandled request fails the test, and the app's services
// sign in as a demo user through the contract's own sign-in call. A test arranges data through
// `db`; it overrides a handler with `server.use` only for a failure the fake backend cannot make.
// It relies on createMockServer and the db's top-level lists alone, so the fake backend's
// internals can change without touching the screen tests.
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { waitFor } from "xstate";
import { createMockServer } from "../mocks/node";
import { createServices, type Services } from "../src/app/services";
import { createAdminMachines, type AdminMachines } from "../src/app/adminMachines";
import { sessionStore } from "../src/app/sessionStore";

type MockServer = ReturnType<typeof createMockServer>;
export type FakeDb = MockServer["db"];
export type DemoUser = FakeDb["users"][number];

const BASE_URL = "http://localhost/api";

/** Starts a fresh fake backend before each test of the file and stops it, signed out, after. */
export function setupFakeBackend() {
  let running: (MockServer & { services: Services[] }) | undefined;

  beforeEach(() => {
    running = { ...createMockServer(), services: [] };
    running.server.listen({ onUnhandledFrame: "error" });
  });

  afterEach(() => {
    // The screens go first, so no request of theirs outlives the backend.
    cleanup();
    for (const services of running?.services ?? []) services.auth.stop();
    sessionStore.clear();
    running?.server.close();
    running = undefined;
  });

  const current = () => {
    if (!running) throw new Error("The fake backend runs only inside a test.");
    return running;
  };

  return {
    get db() {
      return current().db;
    },
    get server() {
      return current().server;
    },
    /**
     * The app's services with `user` signed in by e-mail and password, as on the login screen, and
     * the administration's machines, which the app makes when their screens load.
     */
    async signIn(user: DemoUser): Promise<Services & AdminMachines> {
      const { db, services: started } = current();
      const services = createServices({ baseUrl: BASE_URL, navigate: () => {} });
      started.push(services);
      services.auth.start();
      await waitFor(services.auth, (snapshot) => snapshot.matches("signedOut"));
      const password = db.passwords.get(user.email) ?? "";
      services.auth.send({ type: "auth.signIn", request: { kind: "password", email: user.email, password }, landing: "defaultPage" });
      const done = await waitFor(services.auth, (snapshot) => snapshot.matches("signedIn") || snapshot.context.alert !== null);
      if (!done.matches("signedIn")) throw new Error(`${user.email} could not sign in: ${done.context.alert?.message}`);
      return { ...services, ...createAdminMachines(services.api, services.baseUrl) };
    },
  };
}
