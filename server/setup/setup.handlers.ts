// The partner portal link, the default page and practices, and the members-list defaults (tag
// setup). Feedback, also of this tag, is in server/feedback/.
import { toUser } from "../auth/userAnswer.ts";
import { pagesFor } from "../../domain/setup/appPages.ts";
import { invalidRequest } from "../../contract/errors.ts";
import { defaultsProblems, practiceIdsOf, setupValueProblems } from "../../domain/setup/setupRules.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { unknownPracticeIds } from "../practices/practices.repository.ts";
import { userSelfOrAdmin } from "./userAccess.ts";

interface UserSetupQuery {
  userId: number;
  appId: "call_center";
}


export const setupHandlers: Handlers = {
  async getPartnersList(call) {
    await userSelfOrAdmin(call.services, callerOf(call).user, call.path.userId);
    return { partners_uri: call.services.config.partnerPortalUrl };
  },

  async getSetup(call) {
    const { user } = callerOf(call);
    return {
      defaultPage: user.default_page,
      defaultLocationId: user.default_location_id,
      pages: pagesFor({ isAdmin: user.is_admin }).map(({ path, title }) => ({ path, title })),
    };
  },

  async setDefault(call) {
    const { user } = callerOf(call);
    const { db } = call.services;
    const { defaultPage, defaultLocationId } = call.body;
    const unknown = await unknownPracticeIds(db, practiceIdsOf(defaultLocationId));
    const problems = defaultsProblems({ isAdmin: user.is_admin }, call.body, unknown);
    if (problems.length > 0) throw invalidRequest(problems);
    const updated = await db
      .updateTable("users")
      .set({ default_page: defaultPage, default_location_id: defaultLocationId })
      .where("id", "=", user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(updated);
  },

  async saveUserSetup(call) {
    const { user } = callerOf(call);
    const { db } = call.services;
    const { appId, field, value } = call.body;
    const problems = setupValueProblems(field, value, await unknownPracticeIds(db, practiceIdsOf(value)));
    if (problems.length > 0) throw invalidRequest(problems);
    await db
      .insertInto("user_setups")
      .values({ user_id: user.id, app_id: appId, field, value })
      .onConflict((conflict) => conflict.columns(["user_id", "app_id", "field"]).doUpdateSet({ value, updated_at: call.services.now() }))
      .execute();
    return { appId, field, value };
  },

  async getUserSetup(call) {
    const query = call.services.decodeJson<UserSetupQuery>(call.path.params, "UserSetupQuery", "params");
    const user = await userSelfOrAdmin(call.services, callerOf(call).user, query.userId);
    const rows = await call.services.db
      .selectFrom("user_setups")
      .select(["app_id", "field", "value"])
      .where("user_id", "=", user.id)
      .where("app_id", "=", query.appId)
      // openapi.yaml: practice, then status (their alphabetical order).
      .orderBy("field")
      .execute();
    return rows.map((row) => ({ appId: query.appId, field: row.field, value: row.value }));
  },
};
