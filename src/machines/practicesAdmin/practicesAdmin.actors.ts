// The Practices and regions screen's calls (openapi.yaml GET /practice/list, /regions, addPractice,
// updatePractice, renameRegion).
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
    renameRegion: fromApiCall(({ name, title }: { name: Region; title: string }, signal) =>
      unwrap(api.PUT("/regions/{name}", { params: { path: { name } }, body: { title }, signal })),
    ),
  };
}
