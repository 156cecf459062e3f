// The outbox table: every message built, whether SMTP took it ("sent"), refused it ("failed") or
// there is no SMTP server and it waits ("queued").
import { sql, type Kysely } from "kysely";
import type { Database, OutboxTable } from "../db/database.ts";

/** The bytes of the messages not sent yet (queued, or failed with SMTP), which OUTBOX_MAX_MB bounds. */
export async function unsentBytes(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`
    select coalesce(sum(octet_length(raw)), 0)::text as bytes from outbox where status <> 'sent'`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

export interface OutboxEntry {
  to: string;
  subject: string;
  status: OutboxTable["status"];
  raw: string;
  error?: string;
}

/** Records a message; its id and when it was recorded. */
export async function addToOutbox(db: Kysely<Database>, entry: OutboxEntry): Promise<{ id: number; created_at: Date }> {
  return db
    .insertInto("outbox")
    .values({ to_address: entry.to, subject: entry.subject, status: entry.status, raw: entry.raw, file: null, error: entry.error ?? null })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
}

/** The .eml file a queued message was also written to. */
export async function setOutboxFile(db: Kysely<Database>, id: number, file: string): Promise<void> {
  await db.updateTable("outbox").set({ file }).where("id", "=", id).execute();
}
