import { Faker, en, en_US } from "@faker-js/faker";
import Fuse from "fuse.js";
import { describe, expect, it } from "vitest";
import { allowedErrors, found, holdsWithin, memberSearchOf } from "./memberSearch.ts";
import { namesBeginWith } from "./shortSearch.ts";
import { FUSE_OPTIONS, searchTermsOf, toSearchDoc, type SearchedMember } from "./searchTerms.ts";

const FIXED: SearchedMember[] = [
  { First_Name: "Anna", Middle_Name: "Lee", Last_Name: "Smith", Subscriber_ID: "100200300", PatNum: "5001", Phone: "(797) 655-4157", Date_of_Birth: "2019-03-24" },
  { First_Name: "Johnathan", Middle_Name: "", Last_Name: "Richardson", Subscriber_ID: "100200301", PatNum: "5002", Phone: "(212) 555-0101", Date_of_Birth: "2015-07-04" },
  { First_Name: "Maria", Middle_Name: "Anna", Last_Name: "Lopez", Subscriber_ID: "900800700", PatNum: "5003", Phone: "(305) 123-9876", Date_of_Birth: "2019-03-24" },
  { First_Name: "Smitty", Middle_Name: "", Last_Name: "Jones", Subscriber_ID: "555666777", PatNum: "5004", Phone: "(404) 797-6554", Date_of_Birth: "2010-12-01" },
  { First_Name: "Ann", Middle_Name: "", Last_Name: "Richards_on", Subscriber_ID: "1002%0300", PatNum: "5005", Phone: "(505) 000-1111", Date_of_Birth: "2012-01-31" },
];
const DOCS = FIXED.map(toSearchDoc);

/** Positions (1-based, as member ids) the search finds among the five. */
const finds = (text: string) => found(memberSearchOf(text)!, DOCS).map((position) => position + 1);

/**
 * fuse.js over every document, the birth date exactly: what the specification's search answers;
 * a text of one or two characters, the names beginning with it.
 */
function fuseFinds(docs: ReturnType<typeof toSearchDoc>[], text: string): number[] {
  const hits = new Set<number>();
  for (const term of searchTermsOf(text)) {
    if ("birthDate" in term) docs.forEach((doc, position) => doc.Date_of_Birth === term.birthDate && hits.add(position));
    else if ("namePrefix" in term) docs.forEach((doc, position) => namesBeginWith(doc, term.namePrefix) && hits.add(position));
    else new Fuse(docs, { ...FUSE_OPTIONS, keys: [...term.keys] }).search(term.pattern).forEach((match) => hits.add(match.refIndex));
  }
  return [...hits].sort((a, b) => a - b);
}

describe("what threshold 0.1 allows", () => {
  it("allows one error per ten characters of the search text", () => {
    expect([1, 9, 10, 19, 20, 32].map(allowedErrors)).toEqual([0, 0, 1, 1, 2, 3]);
  });

  it("checks for a substring within the allowed edits, anywhere in the text", () => {
    expect(holdsWithin("johnathan richardson", "jonathan richardson", 1)).toBe(true);
    expect(holdsWithin("xxabxdxx", "abcd", 1)).toBe(true);
    expect(holdsWithin("abc", "abcd", 1)).toBe(true);
    expect(holdsWithin("richards_on", "richardsun", 1)).toBe(false);
    expect(holdsWithin("richards_on", "richardsun", 2)).toBe(true);
    expect(holdsWithin("kuvalis", "grayson weissnat", 1)).toBe(false);
  });
});

describe("memberSearchOf", () => {
  it("searches nothing for a blank text", () => {
    expect(memberSearchOf("   ")).toBeUndefined();
  });

  it("answers a text under ten characters by its pieces alone, a longer one through fuse.js", () => {
    expect(memberSearchOf("Smith")).toMatchObject({ exact: true, fuzzy: [{ pieces: ["smith"], errorFree: true }] });
    expect(memberSearchOf("Richardson")).toMatchObject({ exact: false, fuzzy: [{ pieces: ["richa", "rdson"], errorFree: false }] });
    expect(memberSearchOf("2019-03-24")).toEqual({ birthDates: ["2019-03-24"], namePrefixes: [], fuzzy: [], exact: true });
  });

  it("looks a whole name up by groups of pieces of both words, another long text by pairs, a shorter one by its pieces", () => {
    expect(memberSearchOf("Grayson Weissnat")?.fuzzy[0]?.groups).toEqual([
      ["gray", "son ", "weis"],
      ["gray", "son ", "snat"],
      ["gray", "weis", "snat"],
      ["son ", "weis", "snat"],
    ]);
    expect(memberSearchOf("Richardsonsmithfield")?.fuzzy[0]?.groups).toEqual([
      ["richa", "rdson"],
      ["richa", "smith"],
      ["richa", "field"],
      ["rdson", "smith"],
      ["rdson", "field"],
      ["smith", "field"],
    ]);
    expect(memberSearchOf("Richardson")?.fuzzy[0]?.groups).toEqual([]);
    expect(memberSearchOf("Smith")?.fuzzy[0]?.groups).toEqual([]);
  });

  it.each(["grayson weissnat", "rayson weissnat", "richardsonsmithfield"])("keeps every piece of a group in every value within the allowed errors of %s", (text) => {
    const { groups } = memberSearchOf(text)!.fuzzy[0]!;
    const edited = [...text].flatMap((_, at) => [text.slice(0, at) + text.slice(at + 1), `${text.slice(0, at)}x${text.slice(at + 1)}`, `${text.slice(0, at)}x${text.slice(at)}`]);
    for (const value of edited.map((typed) => `mary ${typed} jr`)) {
      expect(groups.some((group) => group.every((piece) => value.includes(piece))), value).toBe(true);
    }
  });
});

describe("found, on five fixed members", () => {
  it("finds a text under ten characters exactly, in any case, in names, ids, phone and birth date", () => {
    expect(finds("smit")).toEqual([1, 4]);
    expect(finds("ANNA")).toEqual([1, 3]);
    expect(finds("anna smith")).toEqual([1]);
    expect(finds("5003")).toEqual([3]);
    expect(finds("555-01")).toEqual([2]);
    expect(finds("2015-07")).toEqual([2]);
    expect(finds("12/01/")).toEqual([4]);
    expect(finds("smiht")).toEqual([]);
    // "Lee" is the middle name and "Smith" the last: "First Last" only, not across values.
    expect(finds("lee smith")).toEqual([]);
  });

  it("finds for a text of one or two characters the first or last names beginning with it", () => {
    expect(memberSearchOf(" An ")).toEqual({ birthDates: [], namePrefixes: ["an"], fuzzy: [], exact: true });
    expect(finds("an")).toEqual([1, 5]);
    expect(finds("J")).toEqual([2, 4]);
    expect(finds("it")).toEqual([]); // inside "Smith" and "Smitty", at the start of no name
    expect(finds("50")).toEqual([]); // names hold no digits
    expect(finds("ann")).toEqual([1, 3, 5]); // three characters: anywhere, middle names too
  });

  it("allows one error per ten characters", () => {
    expect(finds("Jonathan Richardson")).toEqual([2]);
    expect(finds("Jonthan Richarson")).toEqual([]);
    expect(finds("richardson")).toEqual([2, 5]);
    expect(finds("richardsun")).toEqual([2]);
  });

  it("finds a phone typed as digits, and a full birth date exactly", () => {
    expect(finds("7976554157")).toEqual([1]);
    expect(finds("797-655-4157")).toEqual([1]);
    expect(finds("7976554")).toEqual([1, 4]);
    expect(finds("655415")).toEqual([]);
    expect(finds("03/24/2019")).toEqual([1, 3]);
    expect(finds("2019-3-24")).toEqual([1, 3]);
    expect(finds("2019-03-25")).toEqual([]);
  });
});

describe("found, on generated members", () => {
  const faker = new Faker({ locale: [en_US, en] });
  faker.seed(11);
  const docs = Array.from({ length: 1500 }, (_, index) =>
    toSearchDoc({
      First_Name: faker.person.firstName(),
      Middle_Name: faker.datatype.boolean() ? faker.person.middleName() : "",
      Last_Name: faker.person.lastName(),
      Subscriber_ID: faker.string.numeric(9),
      PatNum: String(100000 + index),
      Phone: faker.phone.number({ style: "national" }),
      Date_of_Birth: faker.date.birthdate({ mode: "age", min: 1, max: 20, refDate: "2026-11-16" }).toISOString().slice(0, 10),
    }),
  );

  it("finds exactly what fuse.js finds over every member, typos included", () => {
    const someone = docs[42]!;
    const typo = (text: string) => text.slice(0, 3) + "x" + text.slice(4);
    const texts = [
      someone.Last_Name,
      someone.First_Name.toLowerCase(),
      someone.Subscriber_ID,
      someone.PatNum,
      someone.Phone,
      someone.fullName,
      typo(someone.fullName),
      typo(someone.Phone),
      typo(`${someone.Subscriber_ID}0`),
      someone.phoneDigits,
      someone.Date_of_Birth,
      "son",
      "a",
      "Ma",
      someone.Last_Name.slice(0, 2),
      "Mar",
      "Christopherson",
      "Chrstopher Johnsen",
      "Christopher Richardsonn Williamson Montgomery",
      `${someone.Last_Name}\u0001${someone.First_Name}`,
    ];
    for (const text of texts) expect(found(memberSearchOf(text)!, docs), text).toEqual(fuseFinds(docs, text));
  });
});
