// Every error answer is the contract's Error: `{ message, statusCode, details? }` (openapi.yaml,
// Errors). Both backends throw HttpError from their rules and shape the answer from it.

/** One offending field of a request, named as the contract names it (`body.email`, `params.date.0`). */
export interface FieldProblem {
  field: string;
  message: string;
}

export class HttpError extends Error {
  readonly statusCode: number;
  readonly details: FieldProblem[] | undefined;
  /** Headers of the answer, such as a 429's Retry-After. */
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, details?: FieldProblem[], headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.details = details;
    this.headers = headers;
  }
}

/**
 * The 400 of a request that breaks the contract: one entry per offending field (openapi.yaml, Errors),
 * its first problem (a date both of the wrong form and outside the years breaks two rules).
 */
export function invalidRequest(problems: readonly FieldProblem[]): HttpError {
  const firsts = problems.filter((problem, index) => problems.findIndex((other) => other.field === problem.field) === index);
  const fields = firsts.map((problem) => problem.field).join(", ");
  return new HttpError(400, `Invalid request: ${fields}`, firsts);
}

/** openapi.yaml, Authentication: the body of every 401 of a secured call. */
export const SESSION_EXPIRED = "Session Expired";
/** The 401 of a session that an administrator ended by disabling its account: the sign-in screen says so. */
export const ACCESS_ENDED = "Your access was ended by an administrator.";
export const INVALID_TOKEN = "Invalid or expired token";
export const INVALID_CREDENTIALS = "Invalid e-mail or password";
export const UNKNOWN_STAFF = "This account has no access to Recall Desk: ask an administrator to add your e-mail to the staff";
export const NO_OIDC_PROVIDER = "There is no OpenID Connect provider here";
export const PASSWORD_SIGN_IN_OFF = "Password sign-in is not offered here: sign in with your account";
/** docs/architecture.md, Sign-in: the provider's answer must come back to the browser that began, in time, once. */
export const OIDC_SIGN_IN_UNKNOWN = "This sign-in has expired, was already used or was begun in another browser. Sign in again.";
export const OIDC_DOMAIN_REFUSED = "This account's e-mail domain may not sign in to Recall Desk";
export const ADMIN_ONLY = "This call is for administrators only.";

/** openapi.yaml: bodies up to 10,000,000 bytes are accepted; a larger one is answered 413. */
export const MAX_BODY_BYTES = 10_000_000;

/** A body that is not JSON at all. */
export const INVALID_JSON_BODY: FieldProblem = { field: "body", message: "must be valid JSON" };

/** What a caller is told of a fault of the backend itself (the details stay in the log). */
export const SERVER_FAULT = "Something went wrong on the server.";
/** A read whose database connection broke twice (a pooler or the database restarted). */
export const DATABASE_UNREACHABLE = "The database could not be reached: try again in a moment.";
/** A change whose database connection broke before it was confirmed (a pooler or the database restarted). */
export const DATABASE_CONNECTION_LOST = "The connection to the database broke before this change was confirmed: look whether it was saved, then try again.";

/** The contract's Error body. */
export function errorBody(statusCode: number, message: string, details?: readonly FieldProblem[]) {
  return { message, statusCode, ...(details ? { details: [...details] } : {}) };
}

/** A 429 telling the caller how many seconds to wait (openapi.yaml, TooManyRequests). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { "retry-after": String(Math.max(1, retryAfterSeconds)) });
