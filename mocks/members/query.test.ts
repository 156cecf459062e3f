import { describe, expect, it } from "vitest";
import type { MemberRecord } from "../../demo/records.ts";
import { memberFilter, pageOf, sortedPositions, type FilterContext, type MemberSortColumn } from "./query";

let nextId = 1;
function member(overrides: Partial<MemberRecord> = {}): MemberRecord {
  const id = overrides.id ?? nextId++;
  return {
    id,
    dentistId: 1,
    company: "denta",
    Subscriber_ID: String(500000000 + id),
    PatNum: String(100000 + id),
    MCO: "DentaQuest Medicaid",
    First_Name: "Ana",
    Middle_Name: "",
    Last_Name: "Garcia",
    Practice: "SM-HOUS",
    practiceId: 1,
    Address1: "1 Main St",
    City: "Houston",
    State: "TX",
    Phone: "(713) 555-0100",
    Date_of_Birth: "2015-04-01",
    Age: 11,
    Days_Extracted: 3,
    notes: null,
    notestimestamp: null,
    Status: "New Patient",
    Result: "",
    LastVisit: null,
    NextApt: null,
    entryTime: "2026-11-13T15:00:00.000Z",
    version: 1,
    resultVersion: 0,
    notesVersion: 0,
    ...overrides,
  };
}

const context: FilterContext = {
  practices: [
    { id: 1, region: "SMD" },
    { id: 2, region: "SMD" },
    { id: 3, region: "FSD" },
  ],
  dentists: [
    { id: 1, Dr_First_Name: "Laura" },
    { id: 2, Dr_First_Name: "Omar" },
    { id: 3, Dr_First_Name: "Laura" },
  ],
  priorities: [
    { practiceId: 1, patNum: "100001", priority: "P2" },
    { practiceId: 2, patNum: "100001", priority: "P1" },
    { practiceId: 3, patNum: "100003", priority: "P4" },
  ],
};

const ids = (members: MemberRecord[]) => members.map((m) => m.id);
const sortedIds = (members: MemberRecord[], column: MemberSortColumn | undefined, descending: boolean) =>
  [...sortedPositions(members, column, descending)].map((position) => members[position]!.id);

describe("memberFilter", () => {
  const members = [
    member({ id: 1, company: "denta", practiceId: 1, Status: "New Patient", Result: "", MCO: "DentaQuest CHIP", dentistId: 1 }),
    member({ id: 2, company: "mcna", practiceId: 2, Status: "Dropped Patient", Result: "Left message", dentistId: 2 }),
    member({ id: 3, company: "uhc", practiceId: 3, Status: "New Patient", Result: "Appointment Made", dentistId: 3 }),
  ];
  const listed = (filters: Parameters<typeof memberFilter>[0]) => ids(members.filter(memberFilter(filters, context)));

  it("keeps everyone without filters or with 'all'", () => {
    expect(listed({})).toEqual([1, 2, 3]);
    expect(listed({ company: "all", practice: "all", region: "all", status: "all", result: "all", mco: "all", dentistFirstName: "" })).toEqual([1, 2, 3]);
  });

  it("filters by brand, status, MCO and result, '' meaning Blank", () => {
    expect(listed({ company: "mcna" })).toEqual([2]);
    expect(listed({ status: "New Patient" })).toEqual([1, 3]);
    expect(listed({ mco: "DentaQuest CHIP" })).toEqual([1]);
    expect(listed({ result: "" })).toEqual([1]);
    expect(listed({ result: "Appointment Made" })).toEqual([3]);
  });

  it("filters by several statuses or payers separated by commas, any of them", () => {
    expect(listed({ status: "Dropped Patient,New Patient" })).toEqual([1, 2, 3]);
    expect(listed({ company: "denta,uhc" })).toEqual([1, 3]);
  });

  it("filters by planned treatment of the member's practice and patient number, at one priority or any", () => {
    expect(listed({ priority: "any" })).toEqual([1, 3]);
    expect(listed({ priority: "P4" })).toEqual([3]);
    expect(listed({ priority: "P1" })).toEqual([]);
  });

  it("filters by one practice or several, and by the region of the practice", () => {
    expect(listed({ practice: "2" })).toEqual([2]);
    expect(listed({ practice: "1,3" })).toEqual([1, 3]);
    expect(listed({ region: "SMD" })).toEqual([1, 2]);
    expect(listed({ region: "3CD" })).toEqual([]);
  });

  it("filters by the dentist's first name, whichever dentist has it", () => {
    expect(listed({ dentistFirstName: "Laura" })).toEqual([1, 3]);
  });

  it("needs every filter to hold", () => {
    expect(listed({ region: "SMD", status: "New Patient" })).toEqual([1]);
    expect(listed({ company: "uhc", practice: "1,2" })).toEqual([]);
  });
});

describe("sortedPositions", () => {
  it("sorts by last name, then first name, then id without a column", () => {
    const members = [
      member({ id: 4, Last_Name: "Zamora", First_Name: "Ana" }),
      member({ id: 3, Last_Name: "Garcia", First_Name: "Luis" }),
      member({ id: 2, Last_Name: "Garcia", First_Name: "Ana" }),
      member({ id: 1, Last_Name: "Garcia", First_Name: "Luis" }),
    ];
    expect(sortedIds(members, undefined, false)).toEqual([2, 1, 3, 4]);
    expect(sortedIds(members, undefined, true)).toEqual([2, 1, 3, 4]);
  });

  it("orders a last name before longer ones it begins, whatever the first names", () => {
    const members = [member({ id: 1, Last_Name: "Smithson", First_Name: "Ann" }), member({ id: 2, Last_Name: "Smith", First_Name: "Zoe" })];
    expect(sortedIds(members, undefined, false)).toEqual([2, 1]);
  });

  it("sorts numbers as numbers, ascending ties by id ascending, descending as the ascending order exactly reversed", () => {
    const members = [member({ id: 1, Days_Extracted: 9 }), member({ id: 2, Days_Extracted: 10 }), member({ id: 3, Days_Extracted: 9 })];
    expect(sortedIds(members, "Days_Extracted", false)).toEqual([1, 3, 2]);
    expect(sortedIds(members, "Days_Extracted", true)).toEqual([2, 3, 1]);
  });

  it("keeps ties by id ascending in the descending order of a column that can be empty, and of Practice", () => {
    const members = [member({ id: 1, notes: "b" }), member({ id: 2, notes: null }), member({ id: 3, notes: "b" }), member({ id: 4, notes: "a" })];
    expect(sortedIds(members, "notes", true)).toEqual([1, 3, 4, 2]);
    const practices = [member({ id: 1, Practice: "FSD-AUS" }), member({ id: 2, Practice: "FSD-BAS" }), member({ id: 3, Practice: "FSD-AUS" })];
    expect(sortedIds(practices, "Practice", true)).toEqual([2, 1, 3]);
  });

  it("sorts by age as by birth date the other way, one age by birth date, then id: the youngest first is the oldest first exactly reversed", () => {
    const members = [
      member({ id: 1, Age: 9, Date_of_Birth: "2017-01-05" }),
      member({ id: 2, Age: 10, Date_of_Birth: "2016-03-01" }),
      member({ id: 3, Age: 9, Date_of_Birth: "2017-06-30" }),
      member({ id: 4, Age: 9, Date_of_Birth: "2017-01-05" }),
    ];
    expect(sortedIds(members, "Age", false)).toEqual([3, 4, 1, 2]);
    expect(sortedIds(members, "Age", true)).toEqual([2, 1, 4, 3]);
    expect(sortedIds(members, "Date_of_Birth", true)).toEqual([3, 4, 1, 2]);
  });

  it("puts members without a value last in both directions", () => {
    const members = [
      member({ id: 1, NextApt: null }),
      member({ id: 2, NextApt: "2026-12-01T15:00:00.000Z" }),
      member({ id: 3, NextApt: "2026-11-20T15:00:00.000Z" }),
      member({ id: 4, NextApt: null }),
    ];
    expect(sortedIds(members, "NextApt", false)).toEqual([3, 2, 1, 4]);
    expect(sortedIds(members, "NextApt", true)).toEqual([2, 3, 1, 4]);
  });
});

describe("pageOf", () => {
  const numbers = Array.from({ length: 40 }, (_, index) => index + 1);
  const even = (value: number) => value % 2 === 0;

  it("answers the page of the kept items and counts all of them", () => {
    expect(pageOf(numbers, even, 2, 15)).toEqual({ page: [32, 34, 36, 38, 40], total: 20 });
    expect(pageOf(numbers, even, 1, 15).page).toEqual(numbers.filter(even).slice(0, 15));
  });

  it("answers an empty page past the end, with the same total", () => {
    expect(pageOf(numbers, even, 3, 15)).toEqual({ page: [], total: 20 });
  });
});
