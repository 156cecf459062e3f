// Password sign-in failures per account in the database, so that every instance counts the same
// attempts (docs/architecture.md: what instances share belongs in PostgreSQL). The rule is
// domain/signInThrottle.ts; this applies it under the account row's lock, one attempt at a time.
import type { Kysely } from "kysely";
import { countAttempt, FORGET_AFTER_MS, type Attempt } from "../../domain/signInThrottle.ts";
import type { Database } from "../db/database.ts";

/** Counts an attempt on the account before its password is checked, or answers that it must wait. */
export async function claimAttempt(db: Kysely<Database>, account: string, now: Date): Promise<Attempt> {
  return db.transaction().execute(async (trx) => {
    // Failures forgotten anyway go, as claimed hand-off tokens do: guessed e-mails do not pile up.
    await trx.deleteFrom("sign_in_failures").where("last_failed_at", "<", new Date(now.getTime() - FORGET_AFTER_MS)).execute();
    // The account's row exists before it is locked: a row lock on a row not yet written locks
    // nothing, and attempts sent at once for a new account were all counted from zero. A
    // concurrent insert of the same account waits for this one, then finds the row and its lock.
    await trx
      .insertInto("sign_in_failures")
      .values({ account, failures: 0, last_failed_at: now, locked_until: null })
      .onConflict((oc) => oc.column("account").doNothing())
      .execute();
    const row = await trx.selectFrom("sign_in_failures").selectAll().where("account", "=", account).forUpdate().executeTakeFirstOrThrow();
    const previous = {
      failures: row.failures,
      lastFailedAt: new Date(row.last_failed_at).getTime(),
      lockedUntil: row.locked_until === null ? null : new Date(row.locked_until).getTime(),
    };
    const attempt = countAttempt(previous, now.getTime());
    if (attempt.locked) return attempt;
    const { failures, lockedUntil } = attempt.counted;
    await trx
      .updateTable("sign_in_failures")
      .set({ failures, last_failed_at: now, locked_until: lockedUntil === null ? null : new Date(lockedUntil) })
      .where("account", "=", account)
      .execute();
    return attempt;
  });
}

/** A right password: the account's failures are forgotten. */
export async function forgetFailures(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom("sign_in_failures").where("account", "=", account).execute();
}
