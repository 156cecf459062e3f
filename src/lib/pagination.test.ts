import { describe, expect, it } from "vitest";
import { pageItems } from "./pagination";

describe("page items (boundary 1, siblings 1)", () => {
  it("lists every page when there are few", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the first and last page, the current one and its neighbours, gaps as ellipses", () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, "end-ellipsis", 10]);
    expect(pageItems(5, 10)).toEqual([1, "start-ellipsis", 4, 5, 6, "end-ellipsis", 10]);
    expect(pageItems(10, 10)).toEqual([1, "start-ellipsis", 6, 7, 8, 9, 10]);
  });

  it("has nothing to show without pages", () => {
    expect(pageItems(1, 0)).toEqual([]);
  });
});
