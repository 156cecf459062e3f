// The Practices and regions screen's calls (openapi.yaml GET /practice/list, /regions, addPractice,
// updatePractice, addRegion, renameRegion, removeRegion).
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { PracticeInput, Region } from "./practicesAdmin.machine";

export function createPracticesAdminActors(api: ApiClient) {
  return {
    load: fromApiCall(async (_: unknown, signal) => {
      const [practices, regions] = await Promise.all([unwrap(api.GET("/practice/list", { signal })), unwrap(api.GET("/regions", { signal }))]);
      return { practices, regions };
    }),
    savePractice: fromApiCall(({ id, body }: { id: number | null; body: PracticeInput }, signal) =>
      id === null ? unwrap(api.POST("/practices", { body, signal })) : unwrap(api.PUT("/practices/{id}", { params: { path: { id } }, body, signal })),
    ),
    saveRegion: fromApiCall(({ adding, name, title }: { adding: boolean; name: Region; title: string }, signal) =>
      adding ? unwrap(api.POST("/regions", { body: { name, title }, signal })) : unwrap(api.PUT("/regions/{name}", { params: { path: { name } }, body: { title }, signal })),
    ),
    removeRegion: fromApiCall(async ({ name }: { name: Region }, signal) => {
      await unwrap(api.DELETE("/regions/{name}", { params: { path: { name } }, signal }));
    }),
  };
}
