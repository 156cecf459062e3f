import { ACCESS_ENDED, SESSION_EXPIRED } from "../../contract/errors";

/**
 * The one shape every failed call takes on the client (specification §8: "the error body plus the
 * numeric status code"). The server's error schema is the same, so bodies pass through unchanged.
 */
export interface ApiFailure {
  message: string;
  statusCode: number;
  details?: { field: string; message: string }[];
}

/** Thrown by `unwrap` and by the client on network failure; carries the failure as data. */
export class ApiError extends Error implements ApiFailure {
  readonly statusCode: number;
  readonly details: ApiFailure["details"];

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = "ApiError";
    this.statusCode = failure.statusCode;
    this.details = failure.details;
  }

  toFailure(): ApiFailure {
    return { message: this.message, statusCode: this.statusCode, ...(this.details ? { details: this.details } : {}) };
  }
}

/** §4/§8: the message 'Session Expired' or HTTP 401 means the session is over. */
export function isSessionExpired(failure: Pick<ApiFailure, "message" | "statusCode">): boolean {
  return failure.statusCode === 401 || failure.message === SESSION_EXPIRED;
}

/** A session ended by an administrator disabling the account, not by its expiry. */
export function isAccessEnded(failure: Pick<ApiFailure, "message" | "statusCode">): boolean {
  return failure.statusCode === 401 && failure.message === ACCESS_ENDED;
}

/** statusCode 0: the request never got an answer (offline, DNS, connection refused). */
export const NETWORK_FAILURE: ApiFailure = {
  message: "The server could not be reached. Check the connection and try again.",
  statusCode: 0,
};

/** The failure carried by whatever a call rejected with (an ApiError, or anything else thrown). */
export function toFailure(error: unknown, fallback = "Something went wrong."): ApiFailure {
  const { message, statusCode } = (error ?? {}) as Partial<ApiFailure>;
  return { message: message || fallback, statusCode: statusCode ?? 0 };
}
