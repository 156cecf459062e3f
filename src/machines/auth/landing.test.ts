import { describe, expect, it } from "vitest";
import { handoffTokenOf, landingOf, landingPath } from "./landing";

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
});
