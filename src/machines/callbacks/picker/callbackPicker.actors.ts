// The callback picker's call (openapi.yaml bookCallback). A 409 is an outcome, not a failure: the
// member's open callback now, which the agent sees before booking again.
import type { ApiClient } from "../../../api/client";
import { dataOrConflict } from "../../../api/conflict";
import { fromApiCall } from "../../../api/fromApiCall";
import type { BookCallbackRequest, BookingOutcome } from "./callbackPicker.machine";

export function createCallbackPickerActors(api: ApiClient) {
  return {
    bookCallback: fromApiCall(async (body: BookCallbackRequest, signal): Promise<BookingOutcome> => {
      const answer = await dataOrConflict(api.POST("/callbacks", { body, signal }), "current");
      return "data" in answer ? { booked: answer.data } : { conflict: answer.conflict };
    }),
  };
}
