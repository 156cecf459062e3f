// @vitest-environment node
// jose signs with the Uint8Array of Node's realm, which jsdom's is not.
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { issueDevIdToken, verifyDevIdToken } from "./signInTokens.ts";

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
