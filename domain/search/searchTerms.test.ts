import { describe, expect, it } from "vitest";
import { asFullDate, searchTermsOf, TEXT_KEYS } from "./searchTerms.ts";

describe("searchTermsOf", () => {
  it("searches nothing for blank text and trims the rest", () => {
    expect(searchTermsOf("   ")).toEqual([]);
    expect(searchTermsOf("  Lopez ")).toEqual([{ pattern: "Lopez", keys: TEXT_KEYS }]);
  });

  it("also searches a phone typed as digits or with punctuation in the phone's digits", () => {
    expect(searchTermsOf("797-655-4157")).toContainEqual({ pattern: "7976554157", keys: ["phoneDigits"] });
    expect(searchTermsOf("(797) 655 4157")).toContainEqual({ pattern: "7976554157", keys: ["phoneDigits"] });
    expect(searchTermsOf("101234")).toHaveLength(1); // too short for a phone: a patient number
  });

  it("reads a full date, ISO or as the list shows it, as one birth date", () => {
    expect(searchTermsOf("2019-03-24")).toEqual([{ birthDate: "2019-03-24" }]);
    expect(searchTermsOf("03/24/2019")).toEqual([{ birthDate: "2019-03-24" }]);
    expect(searchTermsOf("3/4/2019")).toEqual([{ birthDate: "2019-03-04" }]);
  });

  it("reads a text of one or two characters as the beginning of a name", () => {
    expect(searchTermsOf(" Jo ")).toEqual([{ namePrefix: "jo" }]);
    expect(searchTermsOf("a")).toEqual([{ namePrefix: "a" }]);
    expect(searchTermsOf("Joh")).toEqual([{ pattern: "Joh", keys: TEXT_KEYS }]);
  });

  it("searches a date that does not exist as text", () => {
    expect(asFullDate("02/30/2019")).toBeNull();
    expect(searchTermsOf("02/30/2019")).toEqual([{ pattern: "02/30/2019", keys: TEXT_KEYS }]);
  });
});
