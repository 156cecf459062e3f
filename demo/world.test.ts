import { describe, expect, it } from "vitest";
import { BRANDS, MEMBER_STATUSES } from "../domain/vocabulary.ts";
import { generateWorld } from "./world.ts";
import { GROUP_REGIONS } from "./reference.ts";

describe("generateWorld", () => {
  it("builds the same database from the same seed, on any day", () => {
    const first = generateWorld({ seed: 7, size: 300 });
    const second = generateWorld({ seed: 7, size: 300 });

    expect(second).toEqual(first);
  });

  it("builds a different database from another seed", () => {
    const first = generateWorld({ seed: 7, size: 50 });
    const other = generateWorld({ seed: 8, size: 50 });

    expect(other.members.map((m) => m.Last_Name)).not.toEqual(first.members.map((m) => m.Last_Name));
  });

  it("has about 25 practices in the four regions, each region listing its practices", () => {
    const db = generateWorld({ size: 10 });

    expect(db.practices).toHaveLength(25);
    expect(new Set(db.practices.map((p) => p.region))).toEqual(new Set(GROUP_REGIONS.map((region) => region.name)));
    for (const region of db.regions) {
      const practices = db.practices.filter((p) => p.region === region.name);
      expect(region.UdaPracticeInfo.map((info) => info.practiceId)).toEqual(practices.map((p) => p.id));
    }
  });

  it("has the requested number of members over every brand and status, at practices that take their payer", () => {
    const db = generateWorld({ size: 2000 });

    expect(db.members).toHaveLength(2000);
    expect(new Set(db.members.map((m) => m.company))).toEqual(new Set(BRANDS));
    expect(new Set(db.members.map((m) => m.Status))).toEqual(new Set(MEMBER_STATUSES));
    const practices = new Map(db.practices.map((p) => [p.id, p]));
    for (const member of db.members) {
      expect(practices.get(member.practiceId)?.brands).toContain(member.company);
      expect(member.Practice).toBe(practices.get(member.practiceId)?.practiceabbr);
    }
  });

  it("has staff with at least one administrator and one other member of staff", () => {
    const db = generateWorld({ size: 10 });

    expect(db.users.some((u) => u.isAdmin)).toBe(true);
    expect(db.users.some((u) => !u.isAdmin)).toBe(true);
    expect(new Set(db.users.map((u) => u.email)).size).toBe(db.users.length);
  });

  it("gives the named accounts profile pictures: small SVG data URLs, as the contract's PictureUrl allows", () => {
    const db = generateWorld({ size: 10 });
    const named = db.users.slice(0, 3);

    expect(named.map((u) => u.firstname)).toEqual(["Alicia", "Marcus", "Priya"]);
    for (const { profilePicture } of named) {
      expect(profilePicture).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
      expect(profilePicture.length).toBeLessThanOrEqual(2048);
      expect(atob(profilePicture.split(",")[1]!)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    }
    expect(new Set(named.map((u) => u.profilePicture)).size).toBe(3);
    expect(db.users.slice(3).every((u) => u.profilePicture === "")).toBe(true);
  });
});
