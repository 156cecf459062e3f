import { beforeEach, describe, expect, it } from "vitest";
import { createMockDb, type MockDb } from "../db/createMockDb";
import { createMembersList, type MembersList, type MembersPageQuery } from "./membersList";
import { memberFilter, sortedPositions } from "./query";

describe("createMembersList", () => {
  let db: MockDb;
  let list: MembersList;
  beforeEach(() => {
    db = createMockDb({ seed: 5, size: 600 });
    list = createMembersList(db);
  });

  /** The same page computed the slow, obvious way. */
  function expectedPage(query: MembersPageQuery, found: (id: number) => boolean = () => true) {
    const keep = memberFilter(query, db);
    const all = [...sortedPositions(db.members, query.orderByColumn, query.sameColumn ?? false)]
      .map((position) => db.members[position]!)
      .filter((member) => found(member.id) && keep(member));
    const start = (query.pageNum - 1) * query.pageSize;
    return { ids: all.slice(start, start + query.pageSize).map((m) => m.id), total: all.length };
  }

  it("answers the filtered, sorted page and the count of every match", () => {
    const query: MembersPageQuery = { region: "SMD", status: "all", orderByColumn: "Age", sameColumn: true, pageNum: 2, pageSize: 15 };
    const { members, total } = list.page(query);

    expect({ ids: members.map((m) => m.id), total }).toEqual(expectedPage(query));
  });

  it("searches within the filters", () => {
    const lastName = db.members[3]!.Last_Name;
    const query: MembersPageQuery = { search: `  ${lastName} `, company: db.members[3]!.company, pageNum: 1, pageSize: 50 };
    const { members, total } = list.page(query);

    expect(members.map((m) => m.id)).toContain(db.members[3]!.id);
    const withName = (id: number) => {
      const m = db.members[id - 1]!;
      return [m.First_Name, m.Middle_Name, m.Last_Name].some((name) => name.toLowerCase().includes(lastName.toLowerCase()));
    };
    expect({ ids: members.map((m) => m.id), total }).toEqual(expectedPage(query, withName));
  });

  it("orders by a saved value once the save is announced", () => {
    const query: MembersPageQuery = { orderByColumn: "Result", pageNum: 1, pageSize: 15 };
    const before = list.page(query).members.map((m) => m.id);
    const called = db.members.find((member) => member.Result !== "")!;
    called.Result = ""; // back to Blank: among the first Blank members by id
    list.changed(["Result"]);
    const after = list.page(query).members.map((m) => m.id);

    expect(before).not.toContain(called.id);
    expect(after).toContain(called.id);
    expect(after).toEqual(expectedPage(query).ids);
  });
});
