import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./contentDisposition.ts";

describe("attachmentDisposition", () => {
  it("names the file as asked", () => {
    expect(attachmentDisposition("call 2026-11-16.mp3")).toBe('attachment; filename="call 2026-11-16.mp3"');
  });

  it("keeps quotes and control characters out of the quoted name", () => {
    expect(attachmentDisposition('a"b\\c\nd.mp3')).toBe('attachment; filename="a_b_c_d.mp3"');
  });

  it("adds the UTF-8 form for a name beyond ASCII", () => {
    expect(attachmentDisposition("llamada-María.mp3")).toBe(
      "attachment; filename=\"llamada-Mar_a.mp3\"; filename*=UTF-8''llamada-Mar%C3%ADa.mp3",
    );
  });
});
