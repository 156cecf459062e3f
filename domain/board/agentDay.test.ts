import { describe, expect, it } from "vitest";
import { notesOfResults } from "./agentDay.ts";

const END = 10_000;

describe("the note of a call", () => {
  it("is the first note on the member at or after the result", () => {
    const results = [{ id: 1, memberId: 5, at: 100 }];
    const notes = [
      { id: 10, memberId: 5, at: 50 },
      { id: 11, memberId: 6, at: 120 },
      { id: 12, memberId: 5, at: 300 },
      { id: 13, memberId: 5, at: 200 },
    ];
    expect(notesOfResults(results, notes, END).get(1)?.id).toBe(13);
  });

  it("stops at the agent's next result for the member, and at the end of the day", () => {
    const results = [
      { id: 2, memberId: 5, at: 400 },
      { id: 1, memberId: 5, at: 100 },
      { id: 3, memberId: 6, at: 9_000 },
    ];
    const notes = [
      { id: 10, memberId: 5, at: 450 },
      { id: 11, memberId: 6, at: END },
    ];
    const matched = notesOfResults(results, notes, END);
    expect(matched.get(1)).toBeUndefined();
    expect(matched.get(2)?.id).toBe(10);
    expect(matched.get(3)).toBeUndefined();
  });
});
