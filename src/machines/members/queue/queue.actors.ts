// The work queue's calls (openapi.yaml tag queue): the next member under the list's filters, and an
// administrator's reset of a member's attempts.
import { unwrap, type ApiClient } from "../../../api/client";
import { fromApiCall } from "../../../api/fromApiCall";
import type { QueueQuery } from "./queue.machine";

export function createQueueActors(api: ApiClient) {
  return {
    nextMember: fromApiCall((query: QueueQuery, signal) => unwrap(api.POST("/queue/next", { params: { query }, signal }))),
    resetAttempts: fromApiCall(({ memberId }: { memberId: number }, signal) => unwrap(api.POST("/queue/attempts/reset", { body: { memberId }, signal }))),
  };
}
