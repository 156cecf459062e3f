// Help items per screen and the users' help notifications (tag help). Everyone reads; writing is
// for administrators (`x-admin-only`: the app answers 403 to other staff before this runs).
// Stored links may be paths on the server's own origin (the demo files of /api/files/help); they
// are answered as absolute URLs, so an item read can be written back as it is.
import type { components } from "../../src/api/schema.d.ts";
import { HttpError } from "../../domain/errors.ts";
import { absoluteLinks } from "../../domain/helpLinks.ts";
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

/** Ids beyond PostgreSQL's integer cannot exist: answered as unknown rather than as a database error. */
const LARGEST_ID = 2 ** 31 - 1;

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

export const helpHandlers: Handlers = {
  async listHelp({ services, request }) {
    return (await listHelpItems(services.db)).map((row) => toHelpItem(row, originOf(request)));
  },

  async getHelpForPage({ services, request, path }) {
    const { pageId } = services.decodeJson<Schemas["HelpPageQuery"]>(path.params, "HelpPageQuery", "params");
    return (await listHelpItems(services.db, pageId)).map((row) => toHelpItem(row, originOf(request)));
  },

  async getHelp({ services, request, path }) {
    const row = path.id <= LARGEST_ID ? await findHelpItem(services.db, path.id) : undefined;
    if (!row) throw noSuchItem();
    return toHelpItem(row, originOf(request));
  },

  async createHelp({ services, request, reply, body }) {
    const row = await createHelpItem(services.db, body, services.now());
    reply.code(201);
    return toHelpItem(row, originOf(request));
  },

  async updateHelp({ services, request, body }) {
    const { id, ...content } = body;
    const row = id <= LARGEST_ID ? await replaceHelpItem(services.db, id, content, services.now()) : undefined;
    if (!row) throw noSuchItem();
    return toHelpItem(row, originOf(request));
  },

  /** A user may ask about themselves only; administrators about anyone (404 for an unknown user). */
  async getHelpNotifications(call) {
    const { user } = callerOf(call);
    const { id } = call.path;
    if (id !== user.id && !user.is_admin) throw new HttpError(403, "You may only read your own notifications");
    if (id > LARGEST_ID || !(await userExists(call.services.db, id))) throw new HttpError(404, "No such user");
    return (await unseenNotifications(call.services.db, id)).map((row) => ({
      id: row.id,
      helpId: row.help_id,
      heading: row.heading,
      createdAt: new Date(row.created_at).toISOString(),
      seen: row.seen,
    }));
  },

  async markHelpNotificationsSeen(call) {
    const ids = call.body.ids.filter((id) => id <= LARGEST_ID);
    const updated = ids.length === 0 ? 0 : await markNotificationsSeen(call.services.db, callerOf(call).user.id, ids);
    return { updated };
  },
};
