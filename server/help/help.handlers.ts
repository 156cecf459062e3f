// Help items per screen and the users' help notifications (tag help). Everyone reads; writing is
// for administrators (`x-admin-only`: the app answers 403 to other staff before this runs).
// Stored links may be paths on the server's own origin (the demo files of /api/files/help); they
// are answered as absolute URLs, so an item read can be written back as it is.
import type { components } from "../../contract/schema.d.ts";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { absoluteLinks, fileLinksProblems } from "../../domain/helpLinks.ts";
import { originOf } from "../files/origin.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import {
  createHelpItem,
  findHelpItem,
  listHelpItems,
  markNotificationsSeen,
  replaceHelpItem,
  unseenNotifications,
  userExists,
  type HelpItemRow,
} from "./help.repository.ts";

type Schemas = components["schemas"];

const toHelpItem = (row: HelpItemRow, origin: string): Schemas["HelpItem"] => ({
  id: row.id,
  heading: row.heading,
  description: row.description,
  fileLinks: absoluteLinks(row.file_links, origin),
  parentPageId: row.parent_page_id,
  pageId: row.page_id,
  type: row.type as Schemas["HelpType"],
  updatedAt: new Date(row.updated_at).toISOString(),
});

const noSuchItem = () => new HttpError(404, "No such help item");

/** Checked before anything is written: an item, and the notifications of it, are saved whole or not at all. */
function checkLinks(fileLinks: string): void {
  const problems = fileLinksProblems(fileLinks);
  if (problems.length > 0) throw invalidRequest(problems);
}

export const helpHandlers: Handlers = {
  async listHelp({ services, request }) {
    return (await listHelpItems(services.db)).map((row) => toHelpItem(row, originOf(request)));
  },

  async getHelpForPage({ services, request, path }) {
    const { pageId } = services.decodeJson<Schemas["HelpPageQuery"]>(path.params, "HelpPageQuery", "params");
    return (await listHelpItems(services.db, pageId)).map((row) => toHelpItem(row, originOf(request)));
  },

  async getHelp({ services, request, path }) {
    const row = await findHelpItem(services.db, path.id);
    if (!row) throw noSuchItem();
    return toHelpItem(row, originOf(request));
  },

  async createHelp({ services, request, reply, body }) {
    checkLinks(body.fileLinks);
    const row = await createHelpItem(services.db, body, services.now());
    reply.code(201);
    return toHelpItem(row, originOf(request));
  },

  async updateHelp({ services, request, body }) {
    const { id, ...content } = body;
    checkLinks(content.fileLinks);
    const row = await replaceHelpItem(services.db, id, content, services.now());
    if (!row) throw noSuchItem();
    return toHelpItem(row, originOf(request));
  },

  /** A user may ask about themselves only; administrators about anyone (404 for an unknown user). */
  async getHelpNotifications(call) {
    const { user } = callerOf(call);
    const { id } = call.path;
    if (id !== user.id && !user.is_admin) throw new HttpError(403, "You may only read your own notifications");
    if (!(await userExists(call.services.db, id))) throw new HttpError(404, "No such user");
    return (await unseenNotifications(call.services.db, id)).map((row) => ({
      id: row.id,
      helpId: row.help_id,
      heading: row.heading,
      createdAt: new Date(row.created_at).toISOString(),
      seen: row.seen,
    }));
  },

  async markHelpNotificationsSeen(call) {
    const updated = await markNotificationsSeen(call.services.db, callerOf(call).user.id, call.body.ids);
    return { updated };
  },
};
