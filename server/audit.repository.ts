// Every read and write of member data is audited (docs/architecture.md): who, what, which members, when
// (the row's time) and from where.
import type { Kysely } from "kysely";
import type { Database } from "./db/database.ts";

export interface AuditEntry {
  /** null: no account (a failed sign-in for an e-mail no staff member has). */
  userId: number | null;
  action: string;
  memberIds: number[];
  address: string;
}

export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db.insertInto("audit_log").values({ user_id: entry.userId, action: entry.action, member_ids: entry.memberIds, address: entry.address }).execute();
}
