// @vitest-environment node
// The configuration's refusal of development sign-in where other machines reach the server.
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopback, loadConfig } from "./config.ts";
import { DEFAULT_QUEUE_RULES } from "../domain/queue/rules.ts";

const OIDC = { OIDC_ISSUER: "https://accounts.example", OIDC_CLIENT_ID: "recall", OIDC_JWKS_URL: "https://accounts.example/keys", OIDC_CLIENT_SECRET: "s", OIDC_REDIRECT_URL: "https://recall.example/" };
const SECRET = { HANDOFF_SECRET: "a portal secret of more than thirty-two bytes" };

describe("development sign-in on the network", () => {
  it("starts on this machine's own addresses with the development provider and secret", () => {
    for (const HOST of ["", "127.0.0.1", "127.0.1.1", "localhost", "::1", "[::1]", "::ffff:127.0.0.1"]) {
      expect(loadConfig({ HOST }).devSignInOnNetwork).toBe(false);
    }
  });

  it("refuses an address other machines reach, in one line naming what to set", () => {
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(
      "HOST=0.0.0.0 is reachable from other machines, where the development sign-in provider (set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_JWKS_URL) " +
        "and the public hand-off secret (set HANDOFF_SECRET) would let anyone sign in as any staff member; configure them, keep HOST=127.0.0.1, " +
        "or set DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK=yes for a demo on a network you trust",
    );
    expect(() => loadConfig({ HOST: "::", ...OIDC })).toThrow(/the public hand-off secret \(set HANDOFF_SECRET\) would let/);
    expect(() => loadConfig({ HOST: "192.168.1.20", ...SECRET })).toThrow(/the development sign-in provider \(set OIDC_ISSUER/);
  });

  it("starts there with a real provider and secret, or when the loud setting says yes", () => {
    expect(loadConfig({ HOST: "0.0.0.0", ...OIDC, ...SECRET }).devSignInOnNetwork).toBe(false);
    expect(loadConfig({ HOST: "0.0.0.0", DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK: "yes" }).devSignInOnNetwork).toBe(true);
    expect(() => loadConfig({ DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK: "sure" })).toThrow('DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK must be yes or no, not "sure"');
  });

  it("tells loopback addresses from the others", () => {
    expect(["127.0.0.1", "localhost", "LOCALHOST", "::1"].map(isLoopback)).toEqual([true, true, true, true]);
    expect(["0.0.0.0", "::", "10.0.0.5", "example.org", "128.0.0.1"].map(isLoopback)).toEqual([false, false, false, false, false]);
  });
});

describe("the work queue's rules", () => {
  it("are the defaults unless a variable says otherwise", () => {
    expect(loadConfig({}).queue).toEqual(DEFAULT_QUEUE_RULES);
    const queue = loadConfig({
      QUEUE_CALLING_HOURS: "09:30-20:00",
      QUEUE_MAX_ATTEMPTS: "8",
      QUEUE_ATTEMPTS_PER_DAY: "2",
      QUEUE_NO_ANSWER_COOLDOWN_HOURS: "2",
      QUEUE_LEFT_MESSAGE_COOLDOWN_HOURS: "72",
      QUEUE_RECARE_MONTHS: "12",
      CALLBACK_GRACE_MINUTES: "15",
      CALLBACK_MAX_DAYS_AHEAD: "14",
      CALLBACKS_PER_AGENT: "80",
    }).queue;
    expect(queue).toEqual({
      callingWindow: { opensAt: 570, closesAt: 1200 },
      maxAttempts: 8,
      attemptsPerDay: 2,
      cooldownMs: { "No answer": 2 * 3_600_000, "Left message": 72 * 3_600_000 },
      recareMonths: 12,
      callbackGraceMs: 15 * 60_000,
      callbackMaxDaysAhead: 14,
      maxOpenCallbacks: 80,
    });
  });

  it("refuse a value that is no rule, in one line naming the variable", () => {
    expect(() => loadConfig({ QUEUE_CALLING_HOURS: "21:00-08:00" })).toThrow('QUEUE_CALLING_HOURS must be a window of the day such as 08:00-21:00, not "21:00-08:00"');
    expect(() => loadConfig({ QUEUE_CALLING_HOURS: "8am-9pm" })).toThrow(ConfigError);
    expect(() => loadConfig({ QUEUE_CALLING_HOURS: "08:75-21:00" })).toThrow(ConfigError);
    expect(() => loadConfig({ QUEUE_MAX_ATTEMPTS: "0" })).toThrow('QUEUE_MAX_ATTEMPTS must be an integer from 1 to 1000, not "0"');
    expect(() => loadConfig({ CALLBACK_GRACE_MINUTES: "half an hour" })).toThrow(/CALLBACK_GRACE_MINUTES must be an integer/);
    expect(() => loadConfig({ CALLBACKS_PER_AGENT: "-1" })).toThrow(/CALLBACKS_PER_AGENT/);
  });
});
