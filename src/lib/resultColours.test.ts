import { describe, expect, it } from "vitest";
import { rowColour } from "./resultColours";
import { RESULT_OPTIONS } from "../../domain/vocabulary.ts";

const tone = (result: string, status = "New Patient") => rowColour(result, status)?.tone ?? null;

describe("row colours by result (§4, docs/architecture.md)", () => {
  it("gives each named result its colour, matching names case-insensitively", () => {
    expect(tone("Appointment Made")).toBe("appointment");
    expect(tone("contact made call back")).toBe("callBack");
    expect(tone("Left message")).toBe("noContact");
    expect(tone("No answer")).toBe("noContact");
    expect(tone("Phone number issues")).toBe("phoneIssue");
  });

  it("groups the DNC results as Do Not Contact and the broken ones as Need Review", () => {
    expect(["DNC- Other Dentist", "DNC- Moved", "DNC-Notes", "CM-DNC- Other Dentist", "CM-DNC- Moved"].map((r) => tone(r))).toEqual(
      Array(5).fill("doNotContact"),
    );
    expect(["Broken", "Broken-Tx", "Excessive Broken", "Reschedule"].map((r) => tone(r))).toEqual(Array(4).fill("review"));
  });

  it("colours any other result as Other, Blank not at all, and a duplicate member orange whatever its result", () => {
    expect(["Transfer", "Confirm", "Contact Made Not Interested"].map((r) => tone(r))).toEqual(Array(3).fill("other"));
    expect(tone("")).toBeNull();
    expect(tone("Appointment Made", "Duplicate SubID")).toBe("duplicate");
  });

  it("has a colour with words for every option", () => {
    for (const result of RESULT_OPTIONS) expect(rowColour(result, "New Patient")?.label).toBeTruthy();
  });
});
