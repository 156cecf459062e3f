import { describe, expect, it } from "vitest";
import { SHORTCUTS, workCommandOf, type WorkKey } from "./workMode.keys";

const ROW = { tagName: "TR" };
const press = (key: string, change: Partial<WorkKey> = {}) =>
  workCommandOf({ key, ctrlKey: false, altKey: false, metaKey: false, target: ROW, dialogOpen: false, ...change });

describe("the keys of the keyboard work mode", () => {
  it("moves with the arrows and j/k, pages with [ and ], and names the rest", () => {
    expect([press("ArrowDown"), press("j"), press("ArrowUp"), press("k")]).toEqual([
      { type: "move", by: 1 },
      { type: "move", by: 1 },
      { type: "move", by: -1 },
      { type: "move", by: -1 },
    ]);
    expect([press("["), press("]")]).toEqual([{ type: "page", by: -1 }, { type: "page", by: 1 }]);
    expect(["r", "n", "h", "/", "?"].map((key) => press(key)?.type)).toEqual(["selector", "notes", "history", "search", "sheet"]);
  });

  it("chooses the most used results with 1 to 9", () => {
    expect(press("1")).toEqual({ type: "result", result: "No answer" });
    expect(press("3")).toEqual({ type: "result", result: "Appointment Made" });
    expect(press("0")).toBeNull();
  });

  it("stays silent while typing in a field, with a modifier held or a dialog open", () => {
    for (const tagName of ["INPUT", "SELECT", "TEXTAREA", "input"]) expect(press("j", { target: { tagName } })).toBeNull();
    expect(press("1", { target: { tagName: "DIV", isContentEditable: true } })).toBeNull();
    expect(press("j", { ctrlKey: true })).toBeNull();
    expect(press("1", { altKey: true })).toBeNull();
    expect(press("r", { metaKey: true })).toBeNull();
    expect(press("j", { dialogOpen: true })).toBeNull();
  });

  it("answers from the page itself and from a button, and ignores other keys", () => {
    expect(press("j", { target: null })).toEqual({ type: "move", by: 1 });
    expect(press("j", { target: { tagName: "BODY" } })).toEqual({ type: "move", by: 1 });
    expect(press("n", { target: { tagName: "BUTTON" } })).toEqual({ type: "notes" });
    expect(press("m")).toEqual({ type: "next" });
    expect(["J", "x", "Enter", "Tab", " ", "Escape"].map((key) => press(key))).toEqual(Array(6).fill(null));
  });

  it("lists every shortcut in the sheet, the nine results included", () => {
    const keys = [...SHORTCUTS.rows, ...SHORTCUTS.results].flatMap((shortcut) => shortcut.keys);
    expect(keys).toEqual(["↓", "j", "↑", "k", "r", "n", "h", "[", "]", "/", "?", "m", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    // Each listed key does what the sheet says it does.
    for (const key of keys) expect(press(key === "↓" ? "ArrowDown" : key === "↑" ? "ArrowUp" : key)).not.toBeNull();
    expect(SHORTCUTS.results[3]?.does).toBe("Save the result Contact Made Call Back");
  });
});
