import { describe, expect, it } from "vitest";
import { groupOf, isGroup, menuFor, routeOf } from "./menu";

const DEMO_REGIONS = [
  { name: "3CD", title: "Three Cities Dental" },
  { name: "FSD", title: "Family Smiles" },
  { name: "SMD", title: "Smile Magic" },
];
const labels = (isAdmin: boolean) => menuFor(isAdmin, DEMO_REGIONS).map((entry) => entry.label);
const membersEntries = (regions: { name: string; title: string }[] | null) => {
  const members = menuFor(false, regions).find((entry) => entry.label === "MEMBERS");
  return members && isGroup(members) ? members.children.map((child) => [child.label, child.path]) : [];
};

describe("menu", () => {
  it("turns a menu name into its route: lower case, spaces as dashes", () => {
    expect(routeOf("Contact Data Report")).toBe("/contact-data-report");
    expect(routeOf("dashboard")).toBe("/dashboard");
  });

  it("shows administrators every entry of the specification, in its order, the live board among theirs, then the administration screens", () => {
    expect(labels(true)).toEqual([
      "MEMBERS",
      "dashboard",
      "Call Recordings",
      "New Patient Origin",
      "Contact Data Report",
      "Quality Index Report",
      "Priority Status Report",
      "Lead Data Report",
      "Members Status Report",
      "RTP 4",
      "EVA",
      "ADMIN",
      "PP COLLECTION BY MONTH",
      "PP PATIENT DETAILS",
      "PP COLLECTIONS BY OFFICE",
      "USAGE",
      "LIVE BOARD",
      "DELETED APPOINTMENTS",
      "STAFF",
      "PRACTICES AND REGIONS",
      "MEMBER FILES",
      "CALLBACKS",
      "CAMPAIGNS",
    ]);
  });

  it("hides the administrator-only entries from other staff, and keeps DELETED APPOINTMENTS", () => {
    expect(labels(false)).not.toContain("USAGE");
    expect(labels(false)).not.toContain("LIVE BOARD");
    expect(labels(false)).not.toContain("CAMPAIGNS");
    expect(labels(false)).not.toContain("CALLBACKS");
    expect(labels(false)).not.toContain("RTP 4");
    for (const label of ["STAFF", "PRACTICES AND REGIONS", "MEMBER FILES"]) expect(labels(false)).not.toContain(label);
    const deleted = menuFor(false, DEMO_REGIONS).find((entry) => entry.label === "DELETED APPOINTMENTS");
    expect(deleted && isGroup(deleted) ? deleted.children.map((child) => [child.label, child.path]) : []).toEqual([
      ["By Group", "/deleted-appointments/bygroup"],
      ["Summary", "/deleted-appointments/summary"],
      ["Details", "/deleted-appointments/details"],
    ]);
  });

  it("sends the under-construction entries to the placeholder page", () => {
    const entry = menuFor(true, DEMO_REGIONS).find((candidate) => candidate.label === "PP PATIENT DETAILS");
    expect(entry && !isGroup(entry) ? entry.path : undefined).toBe("/under-construction");
  });

  it("names the group of a page, so the menu opens it while the page is shown", () => {
    expect(groupOf("/deleted-appointments/summary")).toBe("DELETED APPOINTMENTS");
    expect(groupOf("/members/family-smiles")).toBe("MEMBERS");
    expect(groupOf("/dashboard")).toBeNull();
    expect(groupOf("/under-construction")).toBeNull();
  });

  it("names the members entries of SMD and FSD after the regions' current names, on the specification's routes", () => {
    expect(membersEntries(DEMO_REGIONS)).toEqual([
      ["Smile Magic", "/members/smile-magic"],
      ["Family Smiles", "/members/family-smiles"],
      ["All", "/members/all"],
    ]);
    expect(membersEntries([{ name: "SMD", title: "Bright Smiles" }, { name: "FSD", title: "Family Smiles South" }])).toEqual([
      ["Bright Smiles", "/members/smile-magic"],
      ["Family Smiles South", "/members/family-smiles"],
      ["All", "/members/all"],
    ]);
  });

  it("leaves out the entry of a region there is not (an empty database has only All)", () => {
    expect(membersEntries([])).toEqual([["All", "/members/all"]]);
    expect(membersEntries([{ name: "FSD", title: "Family Smiles" }])).toEqual([
      ["Family Smiles", "/members/family-smiles"],
      ["All", "/members/all"],
    ]);
  });

  it("keeps the places of the region entries, pending, while the regions' names are not known yet", () => {
    const members = menuFor(false, null).find((entry) => entry.label === "MEMBERS");
    const children = members && isGroup(members) ? members.children : [];
    expect(children.map((child) => [child.path, child.pending ?? false])).toEqual([
      ["/members/smile-magic", true],
      ["/members/family-smiles", true],
      ["/members/all", false],
    ]);
  });
});
