import { afterEach, describe, expect, it, vi } from "vitest";
import { testSession } from "../../tests/support/sessionFixture";
import { LOGIN_COOKIE, sessionStore } from "./sessionStore";

const session = testSession();

/** What Chromium does with cookies (and so site data) blocked in its settings. */
function refuseStorage() {
  vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
    throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", "SecurityError");
  });
}

afterEach(() => sessionStore.clear());

describe("sessionStore", () => {
  it("keeps the session while its login cookie lives", () => {
    sessionStore.write(session);
    expect(document.cookie).toContain(`${LOGIN_COOKIE}=session-1`);
    expect(sessionStore.read()).toEqual(session);
  });

  it("drops a stored session whose login cookie is gone", () => {
    sessionStore.write(session);
    document.cookie = `${LOGIN_COOKIE}=; Max-Age=0; Path=/`;
    expect(sessionStore.read()).toBeNull();
    expect(localStorage.getItem("recall-desk:auth")).toBeNull();
  });

  it("where the browser refuses storage, reads no session and keeps none, without failing", () => {
    refuseStorage();
    expect(() => sessionStore.write(session)).not.toThrow();
    expect(sessionStore.read()).toBeNull();
    expect(() => sessionStore.clear()).not.toThrow();
  });
});
