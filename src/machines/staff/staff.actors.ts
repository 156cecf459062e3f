// The Staff screen's calls (openapi.yaml tag staff, and GET /practice/list for default practices).
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { StaffInput } from "./staff.machine";

export function createStaffActors(api: ApiClient) {
  return {
    load: fromApiCall(async (_: unknown, signal) => {
      const [staff, practices] = await Promise.all([unwrap(api.GET("/staff", { signal })), unwrap(api.GET("/practice/list", { signal }))]);
      return { staff, practices };
    }),
    saveStaff: fromApiCall(({ id, body }: { id: number | null; body: StaffInput }, signal) =>
      id === null ? unwrap(api.POST("/staff", { body, signal })) : unwrap(api.PUT("/staff/{id}", { params: { path: { id } }, body, signal })),
    ),
    setDisabled: fromApiCall(({ id, disabled }: { id: number; disabled: boolean }, signal) =>
      unwrap(api.POST(disabled ? "/staff/{id}/disable" : "/staff/{id}/enable", { params: { path: { id } }, signal })),
    ),
  };
}
