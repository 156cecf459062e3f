// Sign-ins begun at the OpenID Connect provider and not yet finished: what the server must check the
// provider's answer against (state, nonce, the PKCE verifier) and the browser that began them. In
// the database, so that any instance may finish a sign-in another began.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("oidc_sign_ins")
    // SHA-256 of the state (hex): the row is found by the state the provider hands back.
    .addColumn("state_hash", "text", (col) => col.primaryKey())
    // SHA-256 of the browser's binding cookie: the answer must come back to the browser that began.
    .addColumn("browser_hash", "text", (col) => col.notNull())
    .addColumn("nonce", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("oidc_sign_ins_expires_at_idx").on("oidc_sign_ins").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("oidc_sign_ins").execute();
}
