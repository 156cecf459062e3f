// @vitest-environment node
// The configuration's refusal of development sign-in where other machines reach the server, directly
// or through a reverse proxy.
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopback, loadConfig } from "./config.ts";

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
      "HOST=0.0.0.0 is reachable from other machines, where the development sign-in provider (set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_JWKS_URL, OIDC_REDIRECT_URL) " +
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

  it("refuses a reverse proxy in front (TRUST_PROXY) with either, on any HOST and whatever the loud setting says", () => {
    const refusal =
      "TRUST_PROXY says a reverse proxy serves this server, where the development sign-in provider (set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_JWKS_URL, OIDC_REDIRECT_URL) " +
      "and the public hand-off secret (set HANDOFF_SECRET) would let anyone the proxy serves sign in as any staff member; configure them, or unset TRUST_PROXY";
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1" })).toThrow(refusal);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1", HOST: "0.0.0.0", DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK: "yes" })).toThrow(refusal);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1", ...OIDC })).toThrow(/where the public hand-off secret \(set HANDOFF_SECRET\) would let/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1", ...SECRET })).toThrow(/where the development sign-in provider \(set OIDC_ISSUER/);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1", ...OIDC, ...SECRET }).trustedProxies).toEqual(["10.0.0.1"]);
  });

  it("tells loopback addresses from the others", () => {
    expect(["127.0.0.1", "localhost", "LOCALHOST", "::1"].map(isLoopback)).toEqual([true, true, true, true]);
    expect(["0.0.0.0", "::", "10.0.0.5", "example.org", "128.0.0.1"].map(isLoopback)).toEqual([false, false, false, false, false]);
  });
});
