import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "../../contract/schema";
import { ApiError, isSessionExpired, NETWORK_FAILURE, type ApiFailure } from "./errors";
import { noteServerDate } from "./serverClock";

export interface ApiClientOptions {
  /** Absolute: Node's Request rejects relative URLs (docs/conventions.md, Traps of the toolchain). */
  baseUrl: string;
  /** The bearer token of the persisted auth state, if signed in. */
  getAccessToken: () => string | null | undefined;
  /** Called once per answer that ends the session (§8: 'Session Expired' or 401), with that answer. */
  onSessionExpired: (failure: ApiFailure) => void;
  /** Called with the age in seconds of an answer's data read from a replica (its `Data-Age` header). */
  onDataAge?: (seconds: number) => void;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { "Content-Type": "application/json" },
    // Looked up per call, not captured at creation, so MSW in node tests sees every request.
    fetch: (request) => globalThis.fetch(request),
  });
  client.use(bearerToken(options.getAccessToken), serverClock, dataAge(options.onDataAge), failures(options.onSessionExpired));
  return client;
}

function bearerToken(getAccessToken: ApiClientOptions["getAccessToken"]): Middleware {
  return {
    onRequest({ request }) {
      const token = getAccessToken();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
  };
}

/** Every answer tells the server's time (claims end on the server's clock: serverClock.ts). */
const serverClock: Middleware = {
  onResponse({ response }) {
    noteServerDate(response.headers.get("date"));
    return undefined;
  },
};

/** A report read from a replica says how old its data is; the fake backend and a server without replicas say nothing. */
function dataAge(onDataAge: ApiClientOptions["onDataAge"]): Middleware {
  return {
    onResponse({ response }) {
      const header = response.headers.get("data-age");
      if (onDataAge && response.ok && header !== null && /^\d+$/.test(header)) onDataAge(Number(header));
      return undefined;
    },
  };
}

/**
 * Turns every failed answer into `{ message, statusCode }` and signals the end of a session.
 * A 401 to a call made without a token (a failed sign-in) is an ordinary failure: there was no
 * session to expire, and the screen must show why signing in failed.
 */
function failures(onSessionExpired: ApiClientOptions["onSessionExpired"]): Middleware {
  return {
    async onResponse({ request, response }) {
      if (response.ok) return undefined;
      const { failure, body } = await readFailure(response);
      if (request.headers.has("Authorization") && isSessionExpired(failure)) onSessionExpired(failure);
      // The rest of the body stays: a 409 carries what it conflicts with (`current`, `claim`).
      return Response.json({ ...body, ...failure }, { status: response.status, statusText: response.statusText });
    },
    onError({ error }) {
      // A cancelled request is the caller's decision, not a failure: let the AbortError through.
      // Checked by name: the DOMException class differs between realms (jsdom, Node, browser).
      if (error instanceof Error && error.name === "AbortError") return undefined;
      return new ApiError(NETWORK_FAILURE);
    },
  };
}

async function readFailure(response: Response): Promise<{ failure: ApiFailure; body: Record<string, unknown> }> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  // A body that is not the contract's error shape (a proxy's HTML page, say) is not shown to staff.
  const message =
    typeof fields.message === "string" && fields.message
      ? fields.message
      : `Request failed with status ${response.status}${response.statusText ? ` (${response.statusText})` : ""}`;
  const details = Array.isArray(fields.details) ? (fields.details as ApiFailure["details"]) : undefined;
  return { failure: { message, statusCode: response.status, ...(details ? { details } : {}) }, body: fields };
}

/** The data of a successful call, or an ApiError thrown with the failure. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: ApiFailure | unknown; response: Response }>) {
  const { data, error, response } = await call;
  if (!response.ok) {
    const failure = error as ApiFailure;
    throw new ApiError({ message: failure.message, statusCode: failure.statusCode, details: failure.details });
  }
  return data as T;
}

/**
 * Encodes a value for the contract's JSON-in-path and JSON-in-query parameters
 * (`GET /Members/getNotes/{params}`, `?params={json}`); openapi-fetch URL-encodes the text.
 */
export function jsonParam<T>(value: T): string {
  return JSON.stringify(value);
}
