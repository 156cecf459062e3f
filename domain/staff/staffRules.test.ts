import { describe, expect, it } from "vitest";
import { compareStaff, controlCharacterProblems, emailKey, escapeControlCharacters, keepsAnAdministrator } from "./staffRules.ts";

const admin = (id: number) => ({ id, isAdmin: true, disabled: false });

describe("keepsAnAdministrator", () => {
  it("refuses to remove the flag of, or disable, the last enabled administrator", () => {
    expect(keepsAnAdministrator([admin(1)], { id: 1, isAdmin: false, disabled: false })).toBe(false);
    expect(keepsAnAdministrator([admin(1)], { id: 1, isAdmin: true, disabled: true })).toBe(false);
  });

  it("allows it while another enabled administrator remains, and any change to other staff", () => {
    expect(keepsAnAdministrator([admin(1), admin(2)], { id: 1, isAdmin: false, disabled: false })).toBe(true);
    expect(keepsAnAdministrator([admin(1)], { id: 7, isAdmin: false, disabled: true })).toBe(true);
  });

  it("counts a new administrator, so the first one may come from an empty list", () => {
    expect(keepsAnAdministrator([], { id: 3, isAdmin: true, disabled: false })).toBe(true);
  });
});

describe("emailKey and compareStaff", () => {
  it("compare e-mails without case or surrounding spaces, and order staff by name, e-mail, id", () => {
    expect(emailKey(" Ana.Diaz@Example.ORG ")).toBe("ana.diaz@example.org");
    const staff = [
      { id: 3, lastname: "Reed", firstname: "Marcus", email: "m@x" },
      { id: 1, lastname: "Moreno", firstname: "Alicia", email: "a@x" },
      { id: 2, lastname: "Reed", firstname: "Marcus", email: "b@x" },
    ];
    expect([...staff].sort(compareStaff).map((member) => member.id)).toEqual([1, 2, 3]);
  });
});

describe("control characters in an account's text", () => {
  const clean = { email: "ana.diaz@example.org", firstname: "Ana María", lastname: "Díaz-O'Neil" };

  it("finds none in names of any script, accents and apostrophes included", () => {
    expect(controlCharacterProblems(clean)).toEqual([]);
    expect(controlCharacterProblems({ ...clean, firstname: "محمد", lastname: "王" })).toEqual([]);
  });

  it("names each field holding ESC, another C0 or C1 control, DEL or a bidirectional control", () => {
    for (const character of ["\u001b", "\t", "\r", "\u007f", "\u0085", "\u009b", "\u202e", "\u2066", "\u200f", "\u061c"]) {
      expect(controlCharacterProblems({ ...clean, lastname: `Reed${character}` }).map((problem) => problem.field)).toEqual(["lastname"]);
    }
    expect(controlCharacterProblems({ email: "a\u001b@b.example", firstname: "\u202eA", lastname: "B" }).map((problem) => problem.field)).toEqual(["email", "firstname"]);
  });

  it("writes them escaped for a terminal, leaving other text as it is", () => {
    expect(escapeControlCharacters("\u001b[2JMarcus\u202e Reed")).toBe("\\u001b[2JMarcus\\u202e Reed");
    expect(escapeControlCharacters("Ana María")).toBe("Ana María");
  });
});
