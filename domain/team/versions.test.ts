import { describe, expect, it } from "vitest";
import { afterSave, FIRST_VERSIONS, futureVersion, judgeSave, noteConflict, resultConflict } from "./versions.ts";

describe("judgeSave", () => {
  const saved = afterSave("notes", afterSave("result", FIRST_VERSIONS)); // result made 2, the note 3

  it("lets a save without a version through: the latest save wins", () => {
    expect(judgeSave(undefined, "result", saved)).toBe("save");
  });

  it("lets a save through that saw the latest save of its kind", () => {
    expect(judgeSave(3, "result", saved)).toBe("save");
    expect(judgeSave(2, "result", saved)).toBe("save");
    expect(judgeSave(3, "notes", saved)).toBe("save");
    expect(judgeSave(1, "result", FIRST_VERSIONS)).toBe("save");
  });

  it("refuses one that missed a save of its kind, but not one of the other kind", () => {
    expect(judgeSave(1, "result", saved)).toBe("stale");
    expect(judgeSave(2, "notes", saved)).toBe("stale");
    const noteOnly = afterSave("notes", FIRST_VERSIONS);
    expect(judgeSave(1, "result", noteOnly)).toBe("save");
  });

  it("refuses a version the member has not reached", () => {
    expect(judgeSave(4, "notes", saved)).toBe("future");
    expect(judgeSave(2, "result", FIRST_VERSIONS)).toBe("future");
  });
});

describe("afterSave", () => {
  it("counts every save and remembers the version each kind made", () => {
    const one = afterSave("result", FIRST_VERSIONS);
    expect(one).toEqual({ version: 2, resultVersion: 2, notesVersion: 0 });
    expect(afterSave("notes", one)).toEqual({ version: 3, resultVersion: 2, notesVersion: 3 });
  });
});

describe("the refusals", () => {
  it("name the version field on 400", () => {
    const error = futureVersion({ version: 3, resultVersion: 2, notesVersion: 3 });
    expect(error.statusCode).toBe(400);
    expect(error.details).toEqual([{ field: "version", message: "is newer than the member's version (3)" }]);
  });

  it("carry the current value on 409", () => {
    const savedBy = { firstname: "Marcus", lastname: "Reed" };
    expect(resultConflict({ version: 2, Result: "No answer", savedAt: "2026-11-16T15:00:00.000Z", savedBy })).toMatchObject({
      statusCode: 409,
      current: { version: 2, Result: "No answer", savedBy },
    });
    const note = { version: 3, notes: "Call back", notestimestamp: "2026-11-16T15:00:00.000Z", savedAt: "2026-11-16T15:00:00.000Z", savedBy };
    expect(noteConflict(note)).toMatchObject({ statusCode: 409, current: note });
  });
});
