// Staff accounts as administrators see and change them (openapi.yaml tag staff): every account with
// when it last signed in, and the writes of the staff service. Lists by last name, first name and
// e-mail in code point order ("C"), ties by id, as domain/staff/staffRules.ts compareStaff.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export interface StaffRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  is_admin: boolean;
  default_location_id: string;
  disabled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
}

export interface StaffFields {
  email: string;
  firstname: string;
  lastname: string;
  is_admin: boolean;
  default_location_id: string;
}

function staffQuery(db: Kysely<Database>) {
  return db
    .selectFrom("users as u")
    .select(["u.id", "u.email", "u.firstname", "u.lastname", "u.is_admin", "u.default_location_id", "u.disabled", "u.created_at"])
    .select((eb) => eb.selectFrom("sessions as s").select((s) => s.fn.max("s.created_at").as("at")).whereRef("s.user_id", "=", "u.id").as("last_sign_in_at"));
}

export async function listStaffMembers(db: Kysely<Database>): Promise<StaffRow[]> {
  const rows = await staffQuery(db)
    .orderBy(sql`u.lastname collate "C"`)
    .orderBy(sql`u.firstname collate "C"`)
    .orderBy(sql`u.email collate "C"`)
    .orderBy("u.id")
    .execute();
  return rows as StaffRow[];
}

export async function findStaffMember(db: Kysely<Database>, id: number): Promise<StaffRow | undefined> {
  return (await staffQuery(db).where("u.id", "=", id).executeTakeFirst()) as StaffRow | undefined;
}

export async function findStaffMemberByEmail(db: Kysely<Database>, email: string): Promise<StaffRow | undefined> {
  return (await staffQuery(db)
    .where((eb) => eb(eb.fn("lower", ["u.email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst()) as StaffRow | undefined;
}

/** The account other than `exceptId` that has the e-mail (compared in lower case), if any. */
export async function emailOwner(db: Kysely<Database>, email: string, exceptId?: number): Promise<number | undefined> {
  let query = db.selectFrom("users").select("id").where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()));
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst())?.id;
}

/** The enabled administrators. */
export async function enabledAdministrators(db: Kysely<Database>): Promise<{ id: number; isAdmin: boolean; disabled: boolean }[]> {
  const rows = await db.selectFrom("users").select("id").where("is_admin", "=", true).where("disabled", "=", false).execute();
  return rows.map((row) => ({ id: row.id, isAdmin: true, disabled: false }));
}

export async function insertStaffMember(db: Kysely<Database>, fields: StaffFields): Promise<number> {
  // No password: staff sign in through the account provider (local passwords are the demo's).
  const row = await db
    .insertInto("users")
    .values({ ...fields, default_page: "/members/all", password_hash: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStaffMember(db: Kysely<Database>, id: number, fields: StaffFields): Promise<void> {
  await db.updateTable("users").set(fields).where("id", "=", id).execute();
}
