// Every read and write of member data is audited (docs/architecture.md): who, what, which members, when
// (the row's time) and from where.
import { sql, type Kysely } from "kysely";
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

/**
 * A read's audit row, whose commit does not wait for the disk (synchronous_commit off for its own
 * transaction, as Next's claim): PostgreSQL writes it out within a fraction of a second, and only a
 * crash of the database in that moment could lose it, while the data it names was only read. The
 * members list's page otherwise waited for the WAL's flush on every request, and behind whatever a
 * member file's import had written meanwhile.
 */
export async function auditRead(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await sql`insert into audit_log (user_id, action, member_ids, address)
    select ${entry.userId}, ${entry.action}, ${entry.memberIds}::int[], ${entry.address}
    from (select set_config('synchronous_commit', 'off', true)) unflushed`.execute(db);
}
