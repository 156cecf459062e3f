// Health, the partner portal link, feedback and the user's own defaults (tag setup).
import { invalidRequest, tooManyRequests } from "../../contract/errors.ts";
import { attachmentProblems } from "../../domain/mail/attachmentRules.ts";
import { feedbackWait, tooMuchFeedback } from "../../domain/mail/feedbackLimit.ts";
import { feedbackMail } from "../../domain/mail/feedbackMail.ts";
import { HttpResponse } from "msw";
import type { components } from "../../contract/schema";
import { caller, createApi } from "../api";
import { pagesFor } from "../../domain/setup/appPages.ts";
import { defaultsProblems, practiceIdsOf, setupValueProblems } from "../../domain/setup/setupRules.ts";
import { nextId, type MockDb } from "../db/createMockDb";
import { PARTNER_PORTAL_URI } from "../db/sessions";
import { userSelfOrAdmin } from "./userAccess";

type UserSetupQuery = components["schemas"]["UserSetupQuery"];

/** `practice` before `status` (openapi.yaml, getUserSetup). */
const FIELD_ORDER = ["practice", "status"];

export function setupHandlers(db: MockDb) {
  const api = createApi(db);
  /** The ids of the list that name no practice. */
  const unknownIds = (list: string) => practiceIdsOf(list).filter((id) => !db.practices.some((practice) => practice.id === Number(id)));

  return [
    api.get("/health", () => HttpResponse.json({ status: "ok" as const })),

    api.get("/getPartnersList/{userId}", (context) => {
      userSelfOrAdmin(db, caller(context).user, context.path.userId);
      return HttpResponse.json({ partners_uri: PARTNER_PORTAL_URI });
    }),

    api.post("/report/sendFeedback", async (context) => {
      const { user } = caller(context);
      const sentAt = db.now();
      const problems = await attachmentProblems(context.body.file);
      if (problems.length > 0) throw invalidRequest(problems);
      const mine = db.feedbackSent.filter((sent) => sent.userId === user.id).map((sent) => sent.at);
      const wait = feedbackWait(mine, sentAt.getTime());
      if (wait > 0) throw tooManyRequests(tooMuchFeedback(wait), wait);
      db.feedbackSent.push({ userId: user.id, at: sentAt.getTime() });
      db.outbox.push({ id: nextId(db.outbox), sentAt: sentAt.toISOString(), ...feedbackMail(context.body, user, sentAt) });
      return HttpResponse.json({ message: "Thank you, your feedback was sent" }, { status: 202 });
    }),

    api.post("/pmd/setDefault", (context) => {
      const { user } = caller(context);
      const { defaultPage, defaultLocationId } = context.body;
      const problems = defaultsProblems(user, context.body, unknownIds(defaultLocationId));
      if (problems.length > 0) throw invalidRequest(problems);
      user.defaultPage = defaultPage;
      user.defaultLocationId = defaultLocationId;
      return HttpResponse.json(user);
    }),

    api.get("/pmd/getSetup", (context) => {
      const { user } = caller(context);
      return HttpResponse.json({
        defaultPage: user.defaultPage,
        defaultLocationId: user.defaultLocationId,
        pages: pagesFor(user).map(({ path, title }) => ({ path, title })),
      });
    }),

    api.post("/userSetup", (context) => {
      const { user } = caller(context);
      const { appId, field, value } = context.body;
      const problems = setupValueProblems(field, value, unknownIds(value));
      if (problems.length > 0) throw invalidRequest(problems);
      const existing = db.setups.find((row) => row.userId === user.id && row.appId === appId && row.field === field);
      if (existing) existing.value = value;
      else db.setups.push({ userId: user.id, appId, field, value });
      return HttpResponse.json({ appId, field, value });
    }),

    api.get("/userSetup/{params}", (context) => {
      const query = context.json.params as UserSetupQuery;
      const user = userSelfOrAdmin(db, caller(context).user, query.userId);
      const rows = db.setups
        .filter((row) => row.userId === user.id && row.appId === query.appId)
        .sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
      return HttpResponse.json(rows.map(({ appId, field, value }) => ({ appId, field, value })));
    }),
  ];
}
