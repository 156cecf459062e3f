// The members worklist's calls: its filter options, the list, the result save, and the dialogs'
// lists (notes, results history, crons) as provided child machines. The saved filters (URL query,
// cookie) are the browser's, provided by src/app.
import { jsonParam, unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { fetchUserPractices, fetchUserSetup } from "../../api/userCalls";
import { SETUP_APP_ID } from "../setDefault/setDefault.machine";
import { listDialogMachine } from "./listDialog.machine";
import type { MembersQuery } from "./members.filters";
import type { SaveResultRequest } from "./members.machine";
import { notesMachine, type NotesQuery } from "./notes.machine";
import { createNotesActors } from "./notes.actors";

/** A list dialog's `load`: its query is the members machine's to give, the answer the dialog's to show. */
const listLoad = (load: (query: unknown, signal: AbortSignal) => Promise<unknown[]>) =>
  listDialogMachine.provide({ actors: { load: fromApiCall<unknown[], { query: unknown }>(({ query }, signal) => load(query, signal)) } });

export function createMembersActors(api: ApiClient) {
  return {
    loadOptions: fromApiCall(async (input: { userId: number }, signal) => {
      const [practices, dentists, setup] = await Promise.all([
        fetchUserPractices(api, input.userId, signal),
        unwrap(api.GET("/Members/getDentistList", { signal })),
        fetchUserSetup(api, { userId: input.userId, appId: SETUP_APP_ID }, signal),
      ]);
      return { practices, dentists, setup };
    }),
    loadMembers: fromApiCall((query: MembersQuery, signal) =>
      unwrap(api.GET("/Members/getMembersTableData", { params: { query }, signal })),
    ),
    saveResult: fromApiCall(async (body: SaveResultRequest, signal) => {
      await unwrap(api.POST("/Members/saveResult", { body, signal }));
    }),
    notesDialog: notesMachine.provide({ actors: createNotesActors(api) }),
    historyDialog: listLoad((query, signal) =>
      unwrap(api.GET("/Members/getResults/{params}", { params: { path: { params: jsonParam(query as NotesQuery) } }, signal })),
    ),
    cronsDialog: listLoad((_, signal) => unwrap(api.GET("/Members/crons", { signal }))),
  };
}
