import { describe, expect, it } from "vitest";
import { base64Bytes, parseDataUrl } from "./dataUrl.ts";

describe("parseDataUrl", () => {
  it("splits a base64 data URL into its content type and payload", () => {
    expect(parseDataUrl("data:image/PNG;base64,iVBORw0KGgo=")).toEqual({ contentType: "image/png", base64: "iVBORw0KGgo=" });
  });

  it("skips parameters before ;base64", () => {
    expect(parseDataUrl("data:text/plain;charset=utf-8;base64,aGk=")).toEqual({ contentType: "text/plain", base64: "aGk=" });
  });

  it("refuses data URLs that are not base64, and other text", () => {
    expect(parseDataUrl("data:text/plain,hello")).toBeUndefined();
    expect(parseDataUrl("https://example.com/a.png")).toBeUndefined();
  });
});

describe("base64Bytes", () => {
  it("decodes every byte value", () => {
    expect([...base64Bytes("AP8QgA==")]).toEqual([0, 255, 16, 128]);
    expect(base64Bytes("")).toHaveLength(0);
  });
});
