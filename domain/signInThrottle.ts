// Password sign-in is throttled per account (openapi.yaml, signInWithPassword: repeated failures
// for one e-mail get 429), on top of the per-address limit: guesses spread over many addresses
// still meet it. Every attempt counts as a failure before the password is checked (a success then
// forgets the account's failures), so attempts sent at once cannot slip past the count. After
// FREE_FAILURES failures the account waits, twice as long after each further one, up to
// LONGEST_LOCK_MS; while it waits every attempt, the right password too, is answered 429. Failures
// older than FORGET_AFTER_MS are forgotten. The account is the lower-cased e-mail, known or not,
// so a 429 never tells which accounts exist.

export const FREE_FAILURES = 5;
export const FIRST_LOCK_MS = 30_000;
export const LONGEST_LOCK_MS = 15 * 60_000;
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** Times in milliseconds since the epoch: the fake backend keeps these as JSON in the browser. */
export interface AccountFailures {
  failures: number;
  lastFailedAt: number;
  /** Until when every attempt is refused; null while the account is within its free failures. */
  lockedUntil: number | null;
}

export type Attempt = { locked: true; retryAfterSeconds: number } | { locked: false; counted: AccountFailures };

export const accountKey = (email: string) => email.trim().toLowerCase();

export const tooManyFailures = (seconds: number) => `Too many failed sign-ins for this account: try again in ${seconds} s.`;

/** How long the account waits after its n-th failure in a row. */
export function lockMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES), LONGEST_LOCK_MS);
}

/** An attempt on an account with these failures so far: refused while it waits, else counted. */
export function countAttempt(previous: AccountFailures | undefined, now: number): Attempt {
  if (previous?.lockedUntil && previous.lockedUntil > now) {
    return { locked: true, retryAfterSeconds: Math.ceil((previous.lockedUntil - now) / 1000) };
  }
  const recent = previous !== undefined && now - previous.lastFailedAt < FORGET_AFTER_MS;
  const failures = recent ? previous.failures + 1 : 1;
  const wait = lockMs(failures);
  return { locked: false, counted: { failures, lastFailedAt: now, lockedUntil: wait > 0 ? now + wait : null } };
}
