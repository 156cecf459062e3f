// The notes dialog of a member (§2 "Notes modal: lists prior notes with author and relative time,
// and has an Add Note text area with Cancel and Submit"; §4 "Submitting a note saves it and reloads
// the list"; §5 "Notes submit has no visible validation": an empty note is simply not sent).
// As a team (docs/architecture.md, Agents as a team): the note is sent with the member's version the
// agent saw; a member another agent is calling asks "Save anyway?" first; a note someone else saved
// since shows with Keep theirs (drop the draft, read their note) and Save mine (send it again on
// their version). It ends (final state) once the note is saved; the dialogs machine then closes
// it and the list reloads.
import { and, assign, raise, setup } from "xstate";
import { notProvided } from "../../notProvided";
import { type ApiFailure, toFailure } from "../../../api/errors";
import type { components } from "../../../../contract/schema";
import type { CurrentNote } from "../team";

type Schemas = components["schemas"];
export type Note = Schemas["Note"];
export type NotesQuery = Schemas["NotesQuery"];
export type SaveNotesRequest = Schemas["SaveNotesRequest"];
/** A saved note's new version, or the note someone else saved after the version sent (409). */
export type SaveNoteOutcome = { version: number } | { conflict: CurrentNote };

export interface NotesInput {
  member: NotesQuery;
  /** The member's version when the dialog opened. */
  version: number;
  /** Who else is calling the member ("Marcus Reed"), or null. */
  claimedBy: string | null;
}

export interface NotesContext extends NotesInput {
  notes: Note[];
  draft: string;
  conflict: CurrentNote | null;
  failure: ApiFailure | null;
}

export type NotesEvent =
  | { type: "notes.draft.change"; text: string }
  | { type: "notes.submit" }
  | { type: "notes.retry" }
  | { type: "notes.claim.change"; claimedBy: string | null }
  | { type: "notes.confirm" }
  | { type: "notes.cancel" }
  | { type: "notes.conflict.keepTheirs" }
  | { type: "notes.conflict.saveMine" }
  /** The save's outcome, read once from its answer. */
  | { type: "notes.landed" }
  | { type: "notes.refused"; current: CurrentNote };

export const notesMachine = setup({
  types: {
    input: {} as NotesInput,
    context: {} as NotesContext,
    events: {} as NotesEvent,
  },
  actors: {
    loadNotes: notProvided<Note[], NotesQuery>("loadNotes"),
    saveNote: notProvided<SaveNoteOutcome, SaveNotesRequest>("saveNote"),
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== "",
    claimedByOther: ({ context }) => context.claimedBy !== null,
  },
}).createMachine({
  id: "notes",
  context: ({ input }) => ({ ...input, notes: [], draft: "", conflict: null, failure: null }),
  initial: "loading",
  on: {
    "notes.draft.change": { actions: assign({ draft: ({ event }) => event.text }) },
    "notes.claim.change": { actions: assign({ claimedBy: ({ event }) => event.claimedBy }) },
  },
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "loadNotes",
        input: ({ context }) => context.member,
        onDone: { target: "ready", actions: assign({ notes: ({ event }) => event.output }) },
        onError: { target: "loadFailed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    loadFailed: { on: { "notes.retry": "loading" } },
    ready: {
      on: {
        "notes.submit": [
          { guard: and(["hasDraft", "claimedByOther"]), target: "confirming" },
          { guard: "hasDraft", target: "submitting" },
        ],
      },
    },
    /** "Marcus Reed is calling this member. Save anyway?" */
    confirming: {
      on: { "notes.confirm": "submitting", "notes.cancel": "ready" },
    },
    submitting: {
      entry: assign({ failure: null }),
      invoke: {
        src: "saveNote",
        input: ({ context }) => ({
          ...context.member,
          notes: context.draft.trim(),
          addLocation: "callCenter" as const,
          version: context.version,
        }),
        onDone: {
          actions: raise(({ event }): NotesEvent => ("conflict" in event.output ? { type: "notes.refused", current: event.output.conflict } : { type: "notes.landed" })),
        },
        onError: { target: "ready", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
      on: {
        "notes.refused": { target: "conflict", actions: assign({ conflict: ({ event }) => event.current }) },
        "notes.landed": "saved",
      },
    },
    /** Someone else's note landed after the version sent: theirs is shown, mine kept until chosen. */
    conflict: {
      on: {
        "notes.conflict.keepTheirs": {
          target: "loading",
          actions: assign(({ context }) => ({ draft: "", version: context.conflict!.version, conflict: null })),
        },
        "notes.conflict.saveMine": {
          target: "submitting",
          actions: assign(({ context }) => ({ version: context.conflict!.version, conflict: null })),
        },
      },
    },
    saved: { type: "final" },
  },
});
