import { describe, expect, it } from "vitest";
import { decodePageCursor, encodePageCursor, memberOrderName, pageCursors } from "./pageCursor.ts";

describe("page cursors of the members list", () => {
  it("read back what they were written with, whatever the key's characters", () => {
    const cursor = { order: "City:desc", direction: "before" as const, key: ["Zoë's ✓ town", null, 12], id: 2_147_483_647 };
    const text = encodePageCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(text)).toEqual(cursor);
  });

  it("are refused when they are not one: not base64url JSON, another shape, an id outside PostgreSQL's integers", () => {
    const raw = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "");
    for (const text of ["not a cursor!", "a", raw({ order: "" }), raw(["", 2, [], 1]), raw(["", 1, [{}], 1]), raw(["", 1, [], 0]), raw(["", 1, [], 2 ** 31]), raw(["", 1, [], 1.5])]) {
      expect(decodePageCursor(text)).toBeUndefined();
    }
  });

  it("of a page: after its last row and before its first; none for an empty page", () => {
    const cursors = pageCursors([{ id: 3 }, { id: 9 }], memberOrderName("Days_Extracted", false), (row) => ({ key: [row.id * 10], id: row.id }));
    expect(decodePageCursor(cursors.next_cursor!)).toEqual({ order: "Days_Extracted:asc", direction: "after", key: [90], id: 9 });
    expect(decodePageCursor(cursors.previous_cursor!)).toEqual({ order: "Days_Extracted:asc", direction: "before", key: [30], id: 3 });
    expect(pageCursors([], "", () => ({ key: [], id: 1 }))).toEqual({});
    expect(memberOrderName(undefined, true)).toBe("");
  });

  it("name the orders whose ties run by id descending, so that a cursor written while they ran ascending is of another order", () => {
    // Before, every descending order was named by its column and direction alone.
    const writtenBefore = (column: string, sameColumn: boolean) => `${column}:${sameColumn ? "desc" : "asc"}`;
    for (const [column, sameColumn] of [["Last_Name", true], ["Date_of_Birth", true], ["Age", false], ["City", true], ["Days_Extracted", true], ["Result", true]] as const) {
      expect(memberOrderName(column, sameColumn)).not.toBe(writtenBefore(column, sameColumn));
    }
    for (const [column, sameColumn] of [["Last_Name", false], ["Age", true], ["Practice", true], ["NextApt", true]] as const) {
      expect(memberOrderName(column, sameColumn)).toBe(writtenBefore(column, sameColumn));
    }
  });
});
