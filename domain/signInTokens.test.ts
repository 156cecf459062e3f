// @vitest-environment node
// jose signs with the Uint8Array of Node's realm, which jsdom's is not.
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { issueDevIdToken, verifiedEmail, verifyDevIdToken } from "./signInTokens.ts";

describe("development ID tokens", () => {
  it("carry the profile claims of an OpenID Connect provider, and verify", async () => {
    const token = await issueDevIdToken("marcus.reed@recalldesk.example", {
      firstname: "Marcus",
      lastname: "Reed",
      picture: "data:image/svg+xml;base64,PHN2Zy8+",
    });

    expect(decodeJwt(token)).toMatchObject({
      email: "marcus.reed@recalldesk.example",
      email_verified: true,
      given_name: "Marcus",
      family_name: "Reed",
      name: "Marcus Reed",
      picture: "data:image/svg+xml;base64,PHN2Zy8+",
    });
    expect(await verifyDevIdToken(token)).toBe("marcus.reed@recalldesk.example");
  });

  it("leave out the picture of an account without one", async () => {
    const token = await issueDevIdToken("tobin.balistreri@recalldesk.example", { firstname: "Tobin", lastname: "Balistreri", picture: "" });

    expect(decodeJwt(token)).not.toHaveProperty("picture");
    expect(decodeJwt(token)).toMatchObject({ given_name: "Tobin" });
  });
});

describe("the verified e-mail of an ID token's claims", () => {
  it("is the e-mail the provider says it verified, with email_verified or Entra ID's xms_edov", () => {
    expect(verifiedEmail({ email: "a@practice.example", email_verified: true })).toBe("a@practice.example");
    expect(verifiedEmail({ email: "a@practice.example", xms_edov: true })).toBe("a@practice.example");
  });

  it("is none when the provider does not say so", () => {
    expect(verifiedEmail({ email: "a@practice.example" })).toBeUndefined();
    expect(verifiedEmail({ email: "a@practice.example", email_verified: false, xms_edov: false })).toBeUndefined();
    expect(verifiedEmail({ email: "a@practice.example", email_verified: "true" })).toBeUndefined();
    expect(verifiedEmail({ email_verified: true })).toBeUndefined();
  });
});
