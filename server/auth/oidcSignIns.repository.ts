// Sign-ins begun at the OpenID Connect provider (migration 0016): written when one begins, taken
// (read and deleted at once) when its answer comes back, so that each state is used once.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { hashToken } from "./sessions.repository.ts";

export interface PendingSignIn {
  nonce: string;
  codeVerifier: string;
}

export async function beginSignIn(
  db: Kysely<Database>,
  sign: { state: string; browser: string; nonce: string; codeVerifier: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  // Sign-ins never finished are cleared by the next one to begin: the table stays small without a job.
  await db.deleteFrom("oidc_sign_ins").where("expires_at", "<=", now).execute();
  await db
    .insertInto("oidc_sign_ins")
    .values({
      state_hash: hashToken(sign.state),
      browser_hash: hashToken(sign.browser),
      nonce: sign.nonce,
      code_verifier: sign.codeVerifier,
      expires_at: sign.expiresAt,
    })
    .execute();
}

/** The sign-in this browser began with this state, still in time; it can be taken once. */
export async function takeSignIn(db: Kysely<Database>, state: string, browser: string, now: Date): Promise<PendingSignIn | undefined> {
  const row = await db
    .deleteFrom("oidc_sign_ins")
    .where("state_hash", "=", hashToken(state))
    .where("browser_hash", "=", hashToken(browser))
    .returning(["nonce", "code_verifier", "expires_at"])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at) <= now) return undefined;
  return { nonce: row.nonce, codeVerifier: row.code_verifier };
}
