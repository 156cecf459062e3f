// A user's defaults (default page and practices) and the members list's saved filters (tag setup).
import type { Kysely } from "kysely";
import type { Database, UserSetupsTable } from "../db/database.ts";
import type { UserRow } from "../auth/sessions.repository.ts";

export interface Defaults {
  defaultPage: string;
  defaultLocationId: string;
}

export interface SetupValue {
  appId: string;
  field: UserSetupsTable["field"];
  value: string;
}

export async function findUser(db: Kysely<Database>, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

/** The user with the new defaults. */
export async function saveDefaults(db: Kysely<Database>, userId: number, { defaultPage, defaultLocationId }: Defaults): Promise<UserRow> {
  return db
    .updateTable("users")
    .set({ default_page: defaultPage, default_location_id: defaultLocationId })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Saves one field of the user's setup of an app, replacing what it held. */
export async function saveSetupValue(db: Kysely<Database>, userId: number, { appId, field, value }: SetupValue, now: Date): Promise<void> {
  await db
    .insertInto("user_setups")
    .values({ user_id: userId, app_id: appId, field, value })
    .onConflict((conflict) => conflict.columns(["user_id", "app_id", "field"]).doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function setupValues(db: Kysely<Database>, userId: number, appId: string): Promise<{ field: UserSetupsTable["field"]; value: string }[]> {
  return db
    .selectFrom("user_setups")
    .select(["field", "value"])
    .where("user_id", "=", userId)
    .where("app_id", "=", appId)
    // openapi.yaml: practice, then status (their alphabetical order).
    .orderBy("field")
    .execute();
}
