// The notes dialog's calls: a member's notes and saving one (openapi.yaml getNotes, saveNotes).
import { jsonParam, unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { NotesQuery, SaveNotesRequest } from "./notes.machine";

export function createNotesActors(api: ApiClient) {
  return {
    loadNotes: fromApiCall((member: NotesQuery, signal) =>
      unwrap(api.GET("/Members/getNotes/{params}", { params: { path: { params: jsonParam(member) } }, signal })),
    ),
    saveNote: fromApiCall(async (body: SaveNotesRequest, signal) => {
      await unwrap(api.POST("/Members/saveNotes", { body, signal }));
    }),
  };
}
