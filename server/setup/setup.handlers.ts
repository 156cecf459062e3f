// The partner portal link, the default page and practices, and the members-list defaults (tag
// setup). Feedback, also of this tag, is in server/feedback/.
import { toUser } from "../auth/userAnswer.ts";
import { pagesFor } from "../../domain/setup/appPages.ts";
import { invalidRequest } from "../../contract/errors.ts";
import { defaultsProblems, practiceIdsOf, setupValueProblems } from "../../domain/setup/setupRules.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { unknownPracticeIds } from "../practices/practices.repository.ts";
import { saveDefaults, saveSetupValue, setupValues } from "./setup.repository.ts";
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
    return toUser(await saveDefaults(db, user.id, { defaultPage, defaultLocationId }));
  },

  async saveUserSetup(call) {
    const { user } = callerOf(call);
    const { db } = call.services;
    const { appId, field, value } = call.body;
    const problems = setupValueProblems(field, value, await unknownPracticeIds(db, practiceIdsOf(value)));
    if (problems.length > 0) throw invalidRequest(problems);
    await saveSetupValue(db, user.id, { appId, field, value }, call.services.now());
    return { appId, field, value };
  },

  async getUserSetup(call) {
    const query = call.services.decodeJson<UserSetupQuery>(call.path.params, "UserSetupQuery", "params");
    const user = await userSelfOrAdmin(call.services, callerOf(call).user, query.userId);
    const rows = await setupValues(call.services.db, user.id, query.appId);
    return rows.map((row) => ({ appId: query.appId, field: row.field, value: row.value }));
  },
};
