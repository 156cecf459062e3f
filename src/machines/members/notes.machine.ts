// The notes dialog of a member (§2 "Notes modal: lists prior notes with author and relative time,
// and has an Add Note text area with Cancel and Submit"; §4 "Submitting a note saves it and reloads
// the list"; §5 "Notes submit has no visible validation": an empty note is simply not sent).
// It ends (final state) once the note is saved; the members machine then closes it and reloads.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../api/schema";

type Schemas = components["schemas"];
export type Note = Schemas["Note"];
export type NotesQuery = Schemas["NotesQuery"];
export type SaveNotesRequest = Schemas["SaveNotesRequest"];

export interface NotesContext {
  member: NotesQuery;
  notes: Note[];
  draft: string;
  failure: ApiFailure | null;
}

export type NotesEvent = { type: "notes.draft.change"; text: string } | { type: "notes.submit" } | { type: "notes.retry" };

export const notesMachine = setup({
  types: {
    input: {} as { member: NotesQuery },
    context: {} as NotesContext,
    events: {} as NotesEvent,
  },
  actors: {
    loadNotes: notProvided<Note[], NotesQuery>("loadNotes"),
    saveNote: notProvided<void, SaveNotesRequest>("saveNote"),
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== "",
  },
}).createMachine({
  id: "notes",
  context: ({ input }) => ({ member: input.member, notes: [], draft: "", failure: null }),
  initial: "loading",
  on: {
    "notes.draft.change": { actions: assign({ draft: ({ event }) => event.text }) },
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
      on: { "notes.submit": { guard: "hasDraft", target: "submitting" } },
    },
    submitting: {
      entry: assign({ failure: null }),
      invoke: {
        src: "saveNote",
        input: ({ context }) => ({ ...context.member, notes: context.draft.trim(), addLocation: "callCenter" as const }),
        onDone: "saved",
        onError: { target: "ready", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    saved: { type: "final" },
  },
});
