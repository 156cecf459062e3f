import { describe, expect, it } from "vitest";
import { profileOfIdToken } from "./idTokenProfile";

/** An unsigned JWT with these claims: the browser reads claims, it never verifies. */
function token(claims: Record<string, unknown>) {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.signature`;
}

describe("profileOfIdToken", () => {
  it("takes the sign-in payload from the standard claims: email, given_name, picture", () => {
    const credential = token({ email: "priya.natarajan@recalldesk.example", given_name: "Priya", family_name: "Natarajan", picture: "https://pictures.example/p.png" });
    expect(profileOfIdToken(credential)).toEqual({
      email: "priya.natarajan@recalldesk.example",
      firstName: "Priya",
      profilePicture: "https://pictures.example/p.png",
    });
  });

  it("leaves out what the token does not tell", () => {
    expect(profileOfIdToken(token({ email: "tobin.balistreri@recalldesk.example", picture: "", given_name: 7 }))).toEqual({
      email: "tobin.balistreri@recalldesk.example",
    });
  });

  it("refuses what is not a JWT", () => {
    expect(() => profileOfIdToken("not a token")).toThrow();
  });
});
