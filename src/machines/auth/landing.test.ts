import { describe, expect, it } from "vitest";
import { handoffTokenOf, landingOf, landingPath, providerAnswerOf } from "./landing";

describe("landing", () => {
  it("lands on the members list when the address has a page parameter", () => {
    expect(landingPath(landingOf("?token=a.b.c&page=members"), "/dashboard")).toBe("/members/all");
  });

  it("lands on the user's default page otherwise", () => {
    expect(landingPath(landingOf("?token=a.b.c"), "/dashboard")).toBe("/dashboard");
  });

  it("never follows a default page that is not a path of the app", () => {
    expect(landingPath("defaultPage", "https://elsewhere.example/")).toBe("/members/all");
  });

  it("reads the hand-off token of the address", () => {
    expect(handoffTokenOf("?token=a.b.c&page=1")).toBe("a.b.c");
    expect(handoffTokenOf("?page=1")).toBeNull();
    expect(handoffTokenOf("?token=")).toBeNull();
  });

  it("reads the provider's answer: state with a code or an error, nothing else", () => {
    expect(providerAnswerOf("?code=c1&state=s1&iss=https%3A%2F%2Fidp.example&scope=openid")).toEqual({ code: "c1", state: "s1", iss: "https://idp.example" });
    expect(providerAnswerOf("?error=access_denied&error_description=Cancelled&state=s1")).toEqual({
      state: "s1",
      error: "access_denied",
      error_description: "Cancelled",
    });
    expect(providerAnswerOf("?code=c1")).toBeNull();
    expect(providerAnswerOf("?state=s1&page=1")).toBeNull();
  });
});
