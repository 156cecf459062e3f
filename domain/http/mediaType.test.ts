import { describe, expect, it } from "vitest";
import { isJsonMediaType } from "./mediaType.ts";

describe("isJsonMediaType", () => {
  it("takes application/json with any parameters and in any case", () => {
    expect(isJsonMediaType("application/json")).toBe(true);
    expect(isJsonMediaType("application/json; charset=utf-8")).toBe(true);
    expect(isJsonMediaType(" Application/JSON ")).toBe(true);
  });

  it("refuses every other type, and no type at all", () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", "text/json", "", null, undefined]) {
      expect(isJsonMediaType(type)).toBe(false);
    }
  });
});
