import { describe, expect, it } from "vitest";
import { helpPageOf, pagesFor } from "./appPages.ts";

describe("pagesFor", () => {
  it("offers administrator pages to administrators only, in menu order", () => {
    const staff = pagesFor({ isAdmin: false }).map((page) => page.path);
    const admin = pagesFor({ isAdmin: true }).map((page) => page.path);

    expect(staff).not.toContain("/usage");
    expect(admin).toContain("/usage");
    expect(admin.filter((path) => path !== "/usage")).toEqual(staff);
    expect(staff[0]).toBe("/dashboard");
  });
});

describe("helpPageOf", () => {
  it("names a screen by its route, nested routes under their first segment", () => {
    expect(helpPageOf("/dashboard")).toEqual({ pageId: "dashboard", parentPageId: "" });
    expect(helpPageOf("/deleted-appointments/summary")).toEqual({ pageId: "deleted-appointments/summary", parentPageId: "deleted-appointments" });
  });
});
