// Help items per screen and the users' help notifications (tag help). Writing items is for
// administrators; the wrapper answers 403 to other staff (`x-admin-only`).
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { fileLinksProblems } from "../../domain/helpLinks.ts";
import { http, HttpResponse, passthrough } from "msw";
import type { components } from "../../contract/schema";
import { caller, createApi } from "../api";
import { nextId, type MockDb } from "../db/createMockDb";
import type { HelpItemRecord } from "../../demo/records.ts";
import { byHeading, markSeen, toHelpItem, unseenNotifications } from "../help/helpQueries";
import { userSelfOrAdmin } from "./userAccess";

type HelpPageQuery = components["schemas"]["HelpPageQuery"];

export function helpHandlers(db: MockDb) {
  const api = createApi(db);
  const answerList = (items: HelpItemRecord[], request: Request) =>
    HttpResponse.json([...items].sort(byHeading).map((item) => toHelpItem(item, request.url)));
  const checkLinks = (fileLinks: string) => {
    const problems = fileLinksProblems(fileLinks);
    if (problems.length > 0) throw invalidRequest(problems);
  };
  const findItem = (id: number) => {
    const item = db.helpItems.find((candidate) => candidate.id === id);
    if (!item) throw new HttpError(404, "No such help item");
    return item;
  };

  // The literal `/helpMark/help` first: MSW would take it for `/helpMark/{params}` otherwise.
  return [
    // The demo's help files are served where the server serves them (vite.config.ts demoHelpFiles).
    http.get("*/api/files/help/:name", () => passthrough()),

    api.get("/helpMark/help", ({ request }) => answerList(db.helpItems, request)),

    api.get("/helpMark/help/{id}", ({ path, request }) => HttpResponse.json(toHelpItem(findItem(path.id), request.url))),

    api.post("/helpMark/help", ({ body, request }) => {
      checkLinks(body.fileLinks);
      const createdAt = db.now().toISOString();
      const item = { id: nextId(db.helpItems), ...body, updatedAt: createdAt };
      db.helpItems.push(item);
      let id = nextId(db.helpNotifications);
      for (const user of db.users) db.helpNotifications.push({ id: id++, helpId: item.id, userId: user.id, createdAt, seen: false });
      return HttpResponse.json(toHelpItem(item, request.url), { status: 201 });
    }),

    api.put("/helpMark/help", ({ body, request }) => {
      const item = findItem(body.id);
      checkLinks(body.fileLinks);
      Object.assign(item, body, { updatedAt: db.now().toISOString() });
      return HttpResponse.json(toHelpItem(item, request.url));
    }),

    api.get("/helpMark/notifications/{id}", (context) => {
      const user = userSelfOrAdmin(db, caller(context).user, context.path.id);
      return HttpResponse.json(unseenNotifications(db.helpNotifications, db.helpItems, user.id));
    }),

    api.put("/helpMark/notifications", (context) => {
      const updated = markSeen(db.helpNotifications, caller(context).user.id, context.body.ids);
      return HttpResponse.json({ updated });
    }),

    api.get("/helpMark/{params}", ({ json, request }) => {
      const { pageId } = json.params as HelpPageQuery;
      return answerList(db.helpItems.filter((item) => item.pageId === pageId), request);
    }),
  ];
}
