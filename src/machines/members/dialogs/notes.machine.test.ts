import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { notesMachine, type Note, type NotesQuery, type SaveNoteOutcome, type SaveNotesRequest } from "./notes.machine";

const MEMBER: NotesQuery = { sid: "S1", practice: 1, patnum: "101" };
const THEIRS = {
  version: 6,
  notes: "Moved to Dallas",
  notestimestamp: "2026-11-24T10:42:00Z",
  savedAt: "2026-11-24T10:42:00Z",
  savedBy: { firstname: "Priya", lastname: "Natarajan" },
};

function start(claimedBy: string | null, answers: SaveNoteOutcome[]) {
  const sent: SaveNotesRequest[] = [];
  let loads = 0;
  const actor = createActor(
    notesMachine.provide({
      actors: {
        loadNotes: fromPromise<Note[], NotesQuery>(async () => {
          loads++;
          return [];
        }),
        saveNote: fromPromise<SaveNoteOutcome, SaveNotesRequest>(async ({ input }) => {
          sent.push(input);
          return answers.shift()!;
        }),
      },
    }),
    { input: { member: MEMBER, version: 4, claimedBy } },
  ).start();
  return { actor, sent, loads: () => loads };
}

describe("notes machine as a team", () => {
  it("sends the version the dialog opened on", async () => {
    const { actor, sent } = start(null, [{ version: 5 }]);
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "notes.draft.change", text: "Call back" });
    actor.send({ type: "notes.submit" });
    await waitFor(actor, (s) => s.status === "done");
    expect(sent).toEqual([{ ...MEMBER, notes: "Call back", addLocation: "callCenter", version: 4 }]);
  });

  it("asks first while a colleague is calling the member, and not once their claim has gone", async () => {
    const { actor, sent } = start("Marcus Reed", [{ version: 5 }]);
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "notes.draft.change", text: "Call back" });
    actor.send({ type: "notes.submit" });
    expect(actor.getSnapshot().value).toBe("confirming");
    actor.send({ type: "notes.cancel" });
    actor.send({ type: "notes.claim.change", claimedBy: null });
    actor.send({ type: "notes.submit" });
    await waitFor(actor, (s) => s.status === "done");
    expect(sent).toHaveLength(1);
  });

  it("shows a note saved since; Save mine sends the draft again on their version", async () => {
    const { actor, sent } = start(null, [{ conflict: THEIRS }, { version: 7 }]);
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "notes.draft.change", text: "Call back" });
    actor.send({ type: "notes.submit" });
    await waitFor(actor, (s) => s.matches("conflict"));
    expect(actor.getSnapshot().context.conflict).toEqual(THEIRS);
    actor.send({ type: "notes.conflict.saveMine" });
    await waitFor(actor, (s) => s.status === "done");
    expect(sent.map((request) => [request.notes, request.version])).toEqual([["Call back", 4], ["Call back", 6]]);
  });

  it("Keep theirs drops the draft and reads the notes again", async () => {
    const { actor, loads } = start(null, [{ conflict: THEIRS }]);
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "notes.draft.change", text: "Call back" });
    actor.send({ type: "notes.submit" });
    await waitFor(actor, (s) => s.matches("conflict"));
    actor.send({ type: "notes.conflict.keepTheirs" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context).toMatchObject({ draft: "", version: 6, conflict: null });
    expect(loads()).toBe(2);
  });
});
