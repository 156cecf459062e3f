// The top bar's one call: the partner portal address behind the logo (openapi.yaml getPartnersList).
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";

export function createTopBarActors(api: ApiClient) {
  return {
    loadPartnersUri: fromApiCall(async (input: { userId: number }, signal) => {
      const { partners_uri } = await unwrap(
        api.GET("/getPartnersList/{userId}", { params: { path: { userId: input.userId } }, signal }),
      );
      return partners_uri;
    }),
  };
}
