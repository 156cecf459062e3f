// The Callbacks page's calls (openapi.yaml tag callbacks: listCallbacks, listCallbackOwners,
// reassignCallbacks; GET /practice/list for the practice filter).
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { CALLBACKS_PAGE_SIZE, type CallbacksQuery } from "./callbacksAdmin.machine";

export function createCallbacksAdminActors(api: ApiClient) {
  return {
    loadOptions: fromApiCall(async (_: void, signal) => {
      const [owners, practices] = await Promise.all([unwrap(api.GET("/callbacks/owners", { signal })), unwrap(api.GET("/practice/list", { signal }))]);
      return { owners: owners.owners, practices };
    }),
    loadCallbacks: fromApiCall(({ owner, practice, dueFrom, dueTo, pageNum }: CallbacksQuery, signal) =>
      unwrap(
        api.GET("/callbacks", {
          params: { query: { owner, practice, pageNum, pageSize: CALLBACKS_PAGE_SIZE, ...(dueFrom ? { dueFrom } : {}), ...(dueTo ? { dueTo } : {}) } },
          signal,
        }),
      ),
    ),
    reassign: fromApiCall((body: { callbackIds: number[]; userId: number | null }, signal) => unwrap(api.POST("/callbacks/reassign", { body, signal }))),
  };
}
