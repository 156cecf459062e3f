// Help items and help notifications in SQL (tag help). Items sort by heading in code point order
// (as every text order of the contract), ties by id; a user's unseen notifications newest first.
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, HelpItemsTable } from "../db/database.ts";

export type HelpItemRow = Selectable<HelpItemsTable>;

export interface HelpItemContent {
  heading: string;
  description: string;
  fileLinks: string;
  parentPageId: string;
  pageId: string;
  type: string;
}

const columnsOf = (item: HelpItemContent, now: Date) => ({
  heading: item.heading,
  description: item.description,
  file_links: item.fileLinks,
  parent_page_id: item.parentPageId,
  page_id: item.pageId,
  type: item.type,
  updated_at: now,
});

/** Every item, or the items of one screen. */
export async function listHelpItems(db: Kysely<Database>, pageId?: string): Promise<HelpItemRow[]> {
  let query = db.selectFrom("help_items").selectAll();
  if (pageId !== undefined) query = query.where("page_id", "=", pageId);
  return query.orderBy(sql`heading collate "C"`).orderBy("id").execute();
}

export async function findHelpItem(db: Kysely<Database>, id: number): Promise<HelpItemRow | undefined> {
  return db.selectFrom("help_items").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A new item, and an unseen notification of it for every user (one transaction). */
export async function createHelpItem(db: Kysely<Database>, item: HelpItemContent, now: Date): Promise<HelpItemRow> {
  return db.transaction().execute(async (trx) => {
    const created = await trx.insertInto("help_items").values(columnsOf(item, now)).returningAll().executeTakeFirstOrThrow();
    await trx
      .insertInto("help_notifications")
      .columns(["help_id", "user_id", "created_at"])
      .expression((eb) => eb.selectFrom("users").select([eb.val(created.id).as("help_id"), "id", eb.val(now).as("created_at")]))
      .execute();
    return created;
  });
}

/** The replaced item; undefined for an unknown id. */
export async function replaceHelpItem(db: Kysely<Database>, id: number, item: HelpItemContent, now: Date): Promise<HelpItemRow | undefined> {
  return db.updateTable("help_items").set(columnsOf(item, now)).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function unseenNotifications(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("help_notifications as n")
    .innerJoin("help_items as h", "h.id", "n.help_id")
    .select(["n.id", "n.help_id", "h.heading", "n.created_at", "n.seen"])
    .where("n.user_id", "=", userId)
    .where("n.seen", "=", false)
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .execute();
}

/** Marks the user's own unseen notifications among `ids`; answers how many changed. */
export async function markNotificationsSeen(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<number> {
  const result = await db
    .updateTable("help_notifications")
    .set({ seen: true })
    .where("user_id", "=", userId)
    .where("seen", "=", false)
    .where("id", "in", ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function userExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}
