// The list's dialogs beside a stand-in list and claims: which dialog is open, what the claims and
// the list are told, and what the notes dialog learns of its member.
import { describe, expect, it } from "vitest";
import { assign, createActor, fromPromise, setup, type AnyEventObject } from "xstate";
import type { Member } from "../members.filters";
import type { ListRef } from "../list/list.follow";
import { membersDialogsMachine, type DialogsInput } from "./dialogs.machine";
import { selectDialog, selectNotesActor, selectNotesClaimedBy } from "./dialogs.selectors";
import { notesMachine, type Note, type NotesQuery, type SaveNoteOutcome, type SaveNotesRequest } from "./notes.machine";
import { listDialogMachine } from "./listDialog.machine";
import { cronsMachine } from "./crons.machine";
import type { MemberClaim } from "../team";
import type { components } from "../../../../contract/schema";

type Cron = components["schemas"]["Cron"];

const member = (id: number, claim: MemberClaim | null = null) =>
  ({ id, Subscriber_ID: `S${id}`, PatNum: `${100 + id}`, practiceId: 1, version: 2, claim }) as Member;
const claimBy = (memberId: number, userId: number): MemberClaim => ({
  memberId,
  by: { id: userId, firstname: "Priya", lastname: "Natarajan" },
  expiresAt: new Date(Date.now() + 120_000).toISOString(),
});

/** A stand-in part: every event it is sent, and the list's rows as its followers read them (`test.rows`). */
function fakePart(log: string[]) {
  return createActor(
    setup({ types: { context: {} as { members: Member[] }, events: {} as AnyEventObject } }).createMachine({
      context: { members: [member(1), member(2)] },
      initial: "active",
      states: { active: { initial: "page", states: { page: { initial: "ready", states: { ready: {} } } } } },
      on: {
        "test.rows": { actions: assign({ members: ({ event }) => event.members }) },
        "*": { actions: ({ event }) => void log.push(event.member ? `${event.type} ${event.member.id}` : event.memberId ? `${event.type} ${event.memberId}` : event.type) },
      },
    }),
  ).start();
}

function start() {
  const told: string[] = [];
  const list = fakePart(told);
  const claims = fakePart(told);
  const notesSaved: SaveNotesRequest[] = [];
  const machine = membersDialogsMachine.provide({
    actors: {
      notesDialog: notesMachine.provide({
        actors: {
          loadNotes: fromPromise<Note[], NotesQuery>(async () => []),
          saveNote: fromPromise<SaveNoteOutcome, SaveNotesRequest>(async ({ input }) => (notesSaved.push(input), { version: 3 })),
        },
      }),
      historyDialog: listDialogMachine.provide({ actors: { load: fromPromise<unknown[], { query: unknown }>(async () => []) } }),
      cronsDialog: cronsMachine.provide({ actors: { load: fromPromise<Cron[]>(async () => []) } }),
    },
  });
  const input = { list: list as unknown as ListRef, claims: claims as unknown as DialogsInput["claims"], userId: 7 };
  const dialogs = createActor(machine, { input }).start();
  return { list, dialogs, told, notesSaved };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("members list dialogs", () => {
  it("opening a member's notes works the member; the claims know a dialog is open until it closes", () => {
    const { dialogs, told } = start();
    dialogs.send({ type: "members.notes.open", member: member(2) });
    expect(selectDialog(dialogs.getSnapshot())).toBe("notes");
    dialogs.send({ type: "members.dialog.close" });
    dialogs.send({ type: "members.history.open", member: member(1) });
    expect(selectDialog(dialogs.getSnapshot())).toBe("history");
    dialogs.send({ type: "members.dialog.close" });
    expect(told).toEqual(["members.work.start 2", "members.dialog.opened", "members.dialog.closed", "members.dialog.opened", "members.dialog.closed"]);
  });

  it("the notes dialog opens knowing who else is calling its member, and learns of it as the rows change", () => {
    const { list, dialogs } = start();
    list.send({ type: "test.rows", members: [member(1, claimBy(1, 9)), member(2)] });
    dialogs.send({ type: "members.notes.open", member: member(1) });
    const notes = () => selectNotesActor(dialogs.getSnapshot())!.getSnapshot();
    expect(selectNotesClaimedBy(notes())).toBe("Priya Natarajan");
    list.send({ type: "test.rows", members: [member(1), member(2)] });
    expect(selectNotesClaimedBy(notes())).toBeNull();
    list.send({ type: "test.rows", members: [member(1, claimBy(1, 7)), member(2)] });
    expect(selectNotesClaimedBy(notes())).toBeNull();
  });

  it("a note saved closes the dialog, ends the claim on the member and reloads the list", async () => {
    const { dialogs, told, notesSaved } = start();
    dialogs.send({ type: "members.notes.open", member: member(2) });
    await settle();
    const notes = selectNotesActor(dialogs.getSnapshot())!;
    notes.send({ type: "notes.draft.change", text: "Call back Friday" });
    notes.send({ type: "notes.submit" });
    await settle();
    expect(notesSaved).toEqual([{ sid: "S2", practice: 1, patnum: "102", notes: "Call back Friday", addLocation: "callCenter", version: 2 }]);
    expect(selectDialog(dialogs.getSnapshot())).toBe("closed");
    expect(told.slice(2)).toEqual(["members.dialog.closed", "members.claim.ended 2", "members.reload"]);
  });
});
