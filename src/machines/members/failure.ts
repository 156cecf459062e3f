import type { ApiFailure } from "../../api/errors";

/** Any thrown value as the `{ message, statusCode }` the screens show (§8). */
export function asFailure(error: unknown, fallback = "Something went wrong."): ApiFailure {
  const { message, statusCode } = (error ?? {}) as Partial<ApiFailure>;
  return { message: message || fallback, statusCode: statusCode ?? 0 };
}
