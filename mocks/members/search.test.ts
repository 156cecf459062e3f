import Fuse from "fuse.js";
import { beforeAll, describe, expect, it } from "vitest";
import { createMockDb, type MockDb } from "../db/createMockDb";
import { FUSE_OPTIONS, TEXT_KEYS, toSearchDoc } from "../../domain/search/searchTerms.ts";
import { MemberSearchIndex } from "./search";

const indicesOf = (found: Uint8Array) => [...found.keys()].filter((index) => found[index] === 1);

describe("MemberSearchIndex", () => {
  let db: MockDb;
  let index: MemberSearchIndex;
  let fuse: Fuse<ReturnType<typeof toSearchDoc>>;
  const member42 = () => db.members[42]!;
  beforeAll(() => {
    db = createMockDb({ seed: 11, size: 1500 });
    index = new MemberSearchIndex(db.members);
    fuse = new Fuse(db.members.map(toSearchDoc), { ...FUSE_OPTIONS, keys: [...TEXT_KEYS] });
  });

  it("finds exactly what fuse.js finds over every member", () => {
    const member = db.members[42]!;
    const typo = (text: string) => text.slice(0, 3) + "x" + text.slice(4);
    const queries = [
      member.Last_Name,
      member.First_Name.toLowerCase(),
      member.Subscriber_ID,
      member.PatNum,
      member.Phone,
      `${member.First_Name} ${member.Last_Name}`,
      typo(`${member.First_Name} ${member.Last_Name}`),
      typo(member.Phone),
      typo(`${member.Subscriber_ID}0`),
      "son",
      "Mar",
      "Christopherson",
      "Chrstopher Johnsen",
      `${member.First_Name} ${member.Middle_Name} ${member.Last_Name} of ${member.City} Texas`,
      "zzzz",
      `${member.Last_Name}\u0001${member.First_Name}`, // the index's own separator finds nothing
    ];
    for (const query of queries) {
      const expected = fuse.search(query).map((match) => match.refIndex).sort((a, b) => a - b);
      expect(indicesOf(index.search(query)), query).toEqual(expected);
    }
  });

  it("finds for a text of one or two characters the members whose first or last name begins with it", () => {
    for (const text of ["a", "Ma", member42().Last_Name.slice(0, 2)]) {
      const prefix = text.toLowerCase();
      const expected = [...db.members.keys()].filter((at) => [db.members[at]!.First_Name, db.members[at]!.Last_Name].some((name) => name.toLowerCase().startsWith(prefix)));
      expect(expected.length).toBeGreaterThan(0);
      expect(indicesOf(index.search(text)), text).toEqual(expected);
    }
  });

  it("finds a member by subscriber id, patient number, last name, phone digits and birth date", () => {
    const member = db.members[7]!;
    const [year, month, day] = member.Date_of_Birth.split("-");
    const ways = [
      member.Subscriber_ID,
      member.PatNum,
      member.Last_Name,
      member.Phone.replace(/\D/g, ""),
      member.Phone.replace(/\D/g, "").replace(/(\d{3})(\d{3})(\d{4})/, "$1-$2-$3"),
      member.Date_of_Birth,
      `${month}/${day}/${year}`,
    ];
    for (const text of ways) expect(index.search(text)[7], text).toBe(1);
  });

  it("tolerates one typo per ten characters, and none in shorter text", () => {
    const at = db.members.findIndex((member) => member.Last_Name.length < 8 && member.First_Name.length >= 6);
    const { First_Name, Last_Name } = db.members[at]!;
    const typo = (text: string) => text.slice(0, 2) + (text[2] === "q" ? "z" : "q") + text.slice(3);

    expect(index.search(typo(`${First_Name} ${Last_Name}`))[at]).toBe(1);
    expect(index.search(typo(Last_Name))[at]).toBe(0);
  });

  it("finds by a full birth date only the members born that day", () => {
    const birthDate = db.members[7]!.Date_of_Birth;
    const found = indicesOf(index.search(birthDate)).map((at) => db.members[at]!.Date_of_Birth);

    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set([birthDate]));
  });

  it("finds by a part of a date the members whose birth date contains it", () => {
    const found = indicesOf(index.search("2015-03")).map((at) => db.members[at]!.Date_of_Birth);

    expect(found.length).toBeGreaterThan(0);
    expect(found.every((date) => date.startsWith("2015-03"))).toBe(true);
  });
});
