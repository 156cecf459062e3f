import { describe, expect, it } from "vitest";
import { checkText, headerOf, textFactsOf } from "./uploadedText.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("checkText", () => {
  it("takes UTF-8 text in chunks, a character split between two of them included", () => {
    const whole = bytes("Subscriber_ID,Last_Name\n1,Müller\n");
    const split = whole.indexOf(0xc3) + 1;
    const check = checkText();
    check.take(whole.subarray(0, split));
    check.take(whole.subarray(split));
    expect(check.end()).toEqual({ notText: false, blank: false, head: "Subscriber_ID,Last_Name\n1,Müller\n" });
  });

  it("knows bytes that are not UTF-8, a NUL, and a file of white space only", () => {
    // "Müller" saved as Latin-1: byte 0xFC is no UTF-8.
    expect(textFactsOf(new Uint8Array([...bytes("a,b\n1,M"), 0xfc, ...bytes("ller")])).notText).toBe(true);
    expect(textFactsOf(bytes("a,b\n1,\u0000")).notText).toBe(true);
    // A character cut at the end of the file.
    expect(textFactsOf(bytes("a,ü").subarray(0, 3)).notText).toBe(true);
    expect(textFactsOf(bytes(" \r\n\n"))).toMatchObject({ notText: false, blank: true });
    expect(textFactsOf(new Uint8Array())).toMatchObject({ notText: false, blank: true });
  });

  it("keeps only the first 64 kB of characters for the header", () => {
    const check = checkText();
    for (let i = 0; i < 100; i += 1) check.take(bytes("x".repeat(1000)));
    expect(check.end().head).toHaveLength(64 * 1024);
  });

  it("reads the header's columns trimmed, quoted ones included", () => {
    expect(headerOf(`"Subscriber_ID", MCO \r\n1,2`)).toEqual(["Subscriber_ID", "MCO"]);
  });
});
