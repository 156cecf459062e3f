// Calls about one user that more than one workflow makes: the practices they work (the members
// filters, Set Default, Feedback) and their saved setup (the members filters, Set Default).
import { jsonParam, unwrap, type ApiClient } from "./client";
import type { components } from "../../contract/schema";

type UserSetupQuery = components["schemas"]["UserSetupQuery"];

/** openapi.yaml GET /Members/practicesList/{id}. */
export async function fetchUserPractices(api: ApiClient, userId: number, signal: AbortSignal) {
  const { practicesList } = await unwrap(api.GET("/Members/practicesList/{id}", { params: { path: { id: userId } }, signal }));
  return practicesList;
}

/** openapi.yaml GET /userSetup/{params}: the user's saved records of one application. */
export function fetchUserSetup(api: ApiClient, query: UserSetupQuery, signal: AbortSignal) {
  return unwrap(api.GET("/userSetup/{params}", { params: { path: { params: jsonParam(query) } }, signal }));
}
