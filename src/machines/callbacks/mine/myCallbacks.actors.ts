// "My callbacks"' call (openapi.yaml listMyCallbacks).
import { unwrap, type ApiClient } from "../../../api/client";
import { fromApiCall } from "../../../api/fromApiCall";

export function createMyCallbacksActors(api: ApiClient) {
  return {
    loadMyCallbacks: fromApiCall((_: void, signal) => unwrap(api.GET("/callbacks/mine", { signal }))),
  };
}
