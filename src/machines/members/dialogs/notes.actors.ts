// The notes dialog's calls: a member's notes and saving one (openapi.yaml getNotes, saveNotes).
// A 409 is an outcome, not a failure: the note someone else saved, for the agent to choose.
import { jsonParam, unwrap, type ApiClient } from "../../../api/client";
import { dataOrConflict } from "../../../api/conflict";
import { fromApiCall } from "../../../api/fromApiCall";
import type { NotesQuery, SaveNoteOutcome, SaveNotesRequest } from "./notes.machine";

export function createNotesActors(api: ApiClient) {
  return {
    loadNotes: fromApiCall((member: NotesQuery, signal) =>
      unwrap(api.GET("/Members/getNotes/{params}", { params: { path: { params: jsonParam(member) } }, signal })),
    ),
    saveNote: fromApiCall(async (body: SaveNotesRequest, signal): Promise<SaveNoteOutcome> => {
      const answer = await dataOrConflict(api.POST("/Members/saveNotes", { body, signal }), "current");
      return "data" in answer ? { version: answer.data.version } : { conflict: answer.conflict };
    }),
  };
}
