// The regions' names (openapi.yaml GET /Members/regionsList): every signed-in person may read them.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";

export function createRegionNamesActors(api: ApiClient) {
  return {
    load: fromApiCall(async (_: unknown, signal) => {
      const { regionsList } = await unwrap(api.GET("/Members/regionsList", { signal }));
      return regionsList.map(({ name, title }) => ({ name, title }));
    }),
  };
}
