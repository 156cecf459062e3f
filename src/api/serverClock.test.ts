import { afterEach, describe, expect, it } from "vitest";
import { noteServerDate, serverNow } from "./serverClock";

const at = (iso: string) => Date.parse(iso);

afterEach(() => noteServerDate(new Date().toUTCString()));

describe("the server's clock", () => {
  it("is the browser's own while the two agree within the header's second", () => {
    const now = Date.now();
    noteServerDate(new Date(now - 1500).toUTCString(), now);
    expect(Math.abs(serverNow().getTime() - Date.now())).toBeLessThan(50);
  });

  it("follows the server when the browser's clock is minutes off", () => {
    const received = at("2026-11-24T10:03:00.000Z");
    noteServerDate("Tue, 24 Nov 2026 10:00:00 GMT", received);
    // The browser's clock runs 2 min 59.5 s ahead of the server's (the header's second, taken at its middle).
    expect(Date.now() - serverNow().getTime()).toBeGreaterThanOrEqual(179_400);
    expect(Date.now() - serverNow().getTime()).toBeLessThanOrEqual(179_600);
  });

  it("learns nothing from an answer without a Date header (the fake backend's)", () => {
    noteServerDate("Tue, 24 Nov 2026 10:00:00 GMT", at("2026-11-24T10:03:00.000Z"));
    noteServerDate(null);
    noteServerDate("not a date");
    expect(Date.now() - serverNow().getTime()).toBeGreaterThan(179_000);
  });
});
