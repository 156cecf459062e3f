// The dialogs' calls: a member's notes (the notes machine's own actors), a member's results
// history (a list dialog, given its `load`) and the crons dialog (the jobs, and Run now).
import { jsonParam, unwrap, type ApiClient } from "../../../api/client";
import { fromApiCall } from "../../../api/fromApiCall";
import type { components } from "../../../../contract/schema";
import { cronsMachine } from "./crons.machine";
import { listDialogMachine } from "./listDialog.machine";
import { notesMachine, type NotesQuery } from "./notes.machine";
import { createNotesActors } from "./notes.actors";

/** A list dialog's `load`: its query is the dialogs machine's to give, the answer the dialog's to show. */
const listLoad = (load: (query: unknown, signal: AbortSignal) => Promise<unknown[]>) =>
  listDialogMachine.provide({ actors: { load: fromApiCall<unknown[], { query: unknown }>(({ query }, signal) => load(query, signal)) } });

type Cron = components["schemas"]["Cron"];

export function createDialogsActors(api: ApiClient) {
  return {
    notesDialog: notesMachine.provide({ actors: createNotesActors(api) }),
    historyDialog: listLoad((query, signal) =>
      unwrap(api.GET("/Members/getResults/{params}", { params: { path: { params: jsonParam(query as NotesQuery) } }, signal })),
    ),
    cronsDialog: cronsMachine.provide({
      actors: {
        load: fromApiCall<Cron[]>((_, signal) => unwrap(api.GET("/Members/crons", { signal }))),
        run: fromApiCall<Cron, { id: number }>(({ id }, signal) => unwrap(api.POST("/Members/crons/{id}/rerun", { params: { path: { id } }, signal })) as Promise<Cron>),
        loadRecordingsImport: fromApiCall(({ id }: { id: number }, signal) => unwrap(api.GET("/call-recordings/imports/{id}", { params: { path: { id } }, signal }))),
      },
    }),
  };
}
