// The partner portal link, the default page and practices, and the members-list defaults (tag
// setup). Feedback, also of this tag, is in server/feedback/.
import { toUser } from "../auth/auth.handlers.ts";
import { HttpError, type FieldProblem } from "../errors.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { pagesFor } from "./appPages.ts";
import { setupValueProblem, unknownPracticeIds } from "./setupRules.ts";
import { userSelfOrAdmin } from "./userAccess.ts";

interface UserSetupQuery {
  userId: number;
  appId: "call_center";
}

const invalid = (details: FieldProblem[]) => new HttpError(400, `Invalid request: ${details.map((d) => d.field).join(", ")}`, details);

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
      pages: pagesFor(user).map(({ path, title }) => ({ path, title })),
    };
  },

  async setDefault(call) {
    const { user } = callerOf(call);
    const { db } = call.services;
    const { defaultPage, defaultLocationId } = call.body;
    const details: FieldProblem[] = [];
    if (!pagesFor(user).some((page) => page.path === defaultPage)) {
      details.push({ field: "defaultPage", message: "must be one of the pages of GET /pmd/getSetup" });
    }
    const unknown = await unknownPracticeIds(db, defaultLocationId);
    if (unknown.length > 0) details.push({ field: "defaultLocationId", message: `names unknown practices: ${unknown.join(", ")}` });
    if (details.length > 0) throw invalid(details);
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
    const problem = await setupValueProblem(db, field, value);
    if (problem) throw invalid([problem]);
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
