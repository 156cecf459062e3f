// Typed handlers of the fake backend, with the contract's rules applied once for every call:
//   401 'Session Expired' without a live session (public calls excepted),
//   403 for administrator-only calls (`x-admin-only`) made by other staff,
//   400 naming every field that breaks the contract, and a `region` filter naming no region,
// then the resolver runs with the session and the validated, coerced request.
// `api.get("/Members/crons", resolver)` accepts only the contract's paths and methods, and types
// the path, query, body and answer from the generated `paths`.
import { http, HttpResponse } from "msw";
import { ACCESS_ENDED, ADMIN_ONLY, errorBody, HttpError, INVALID_JSON_BODY, invalidRequest, MAX_BODY_BYTES, SERVER_FAULT, SESSION_EXPIRED, type FieldProblem } from "../contract/errors.ts";
import type { ParametersOf, RequestBodyOf, ResponseBodyOf } from "../contract/operations.ts";
import type { paths } from "../contract/schema";
import type { MockDb, User } from "./db/createMockDb";
import { touchSession, type SessionRecord } from "./db/sessions";
import { findOperation, type HttpMethod, type OperationInfo } from "./openapi/document";
import { unknownRegionProblem } from "../domain/practices/regionRules.ts";
import { validateRequest } from "./openapi/validate";
import { BAD_URL, isJsonMediaType, UNSUPPORTED_MEDIA_TYPE } from "../domain/http/mediaType.ts";

type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;

/** The contract's paths that have method M. */
export type PathWith<M extends HttpMethod> = {
  [P in keyof paths]: NonNullable<paths[P][M]> extends never ? never : P;
}[keyof paths];

/** The fake backend's resolvers read absent parameters as an empty record rather than never. */
type PartOf<O, In extends string> = [ParametersOf<O, In>] extends [never] ? Record<string, never> : ParametersOf<O, In>;

export interface CallContext<O> {
  request: Request;
  path: PartOf<O, "path">;
  query: PartOf<O, "query">;
  body: RequestBodyOf<O>;
  /** Decoded JSON-in-path/query parameters, validated against their `contentSchema`. */
  json: Record<string, unknown>;
  /** The caller; null only on public calls. */
  session: { record: SessionRecord; user: User } | null;
}

export type Answer<O> = HttpResponse<ResponseBodyOf<O> | null> | Response;
/** An answer; undefined leaves the request to the next handler (the event stream's `sse`). */
export type MockResolver<O> = (context: CallContext<O>) => Answer<O> | undefined | Promise<Answer<O> | undefined>;

export function errorAnswer(statusCode: number, message: string, details?: FieldProblem[], headers: Record<string, string> = {}) {
  return HttpResponse.json(errorBody(statusCode, message, details), { status: statusCode, headers });
}

const emptyAnswer = (status = 204) => new HttpResponse(null, { status });
export { emptyAnswer };

/** `{params}` → `:params`, under the API prefix, on any origin (browser worker and msw/node alike). */
export function toMswPath(path: string): string {
  return `*/api${path.replace(/\{([^}]+)\}/g, ":$1")}`;
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Whether the path decodes: the server refuses one it cannot decode (%ZZ) before any route. */
function decodablePath(request: Request): boolean {
  try {
    decodeURIComponent(new URL(request.url).pathname);
    return true;
  } catch {
    return false;
  }
}

async function readJsonBody(request: Request): Promise<{ body: unknown } | { problem: FieldProblem }> {
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw new HttpError(413, "Request body is too large");
  if (text.trim() === "") return { body: undefined };
  if (!isJsonMediaType(request.headers.get("content-type"))) throw new HttpError(415, UNSUPPORTED_MEDIA_TYPE);
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { problem: INVALID_JSON_BODY };
  }
}

/**
 * The `region` path and query parameters, and the `region` of JSON parameters (the members status
 * report's `params`), that name no region, as the server refuses them (server/http/regionParams.ts).
 */
function unknownRegionsOf(operation: OperationInfo, request: { path: unknown; query: unknown; json: Record<string, unknown> }, codes: readonly string[]): FieldProblem[] {
  const asked = operation.parameters.flatMap(({ name, in: where }) => {
    if (where !== "path" && where !== "query") return [];
    const values = (where === "path" ? request.path : request.query) as Record<string, unknown>;
    const json = request.json[name] as Record<string, unknown> | undefined;
    return [
      ...(name === "region" ? [{ field: name, value: values[name] }] : []),
      ...(json && typeof json === "object" && "region" in json ? [{ field: `${name}.region`, value: json.region }] : []),
    ];
  });
  return asked.flatMap(({ field, value }) => unknownRegionProblem(field, value, codes) ?? []);
}

/** Whether the token's session is one whose account an administrator disabled (a 401 that says so, not an expiry). */
function endedByDisabling(db: MockDb, token: string | null | undefined): boolean {
  const userId = token ? db.sessions.get(token)?.userId : undefined;
  return userId !== undefined && db.disabledUsers.has(userId);
}

export function createApi(db: MockDb) {
  function route<M extends HttpMethod>(method: M) {
    return <P extends PathWith<M>>(path: P, resolver: MockResolver<Operation<P, M>>) => {
      const operation = findOperation(method, path);
      return http[method](toMswPath(path), async ({ request, params }): Promise<Response | undefined> => {
        try {
          if (!decodablePath(request)) return errorAnswer(400, BAD_URL);
          let session: CallContext<Operation<P, M>>["session"] = null;
          if (!operation.isPublic) {
            const token = bearerToken(request);
            const record = token ? touchSession(db.sessions, token) : undefined;
            const user = record && db.users.find((candidate) => candidate.id === record.userId);
            if (!record || !user || db.disabledUsers.has(user.id)) return errorAnswer(401, endedByDisabling(db, token) ? ACCESS_ENDED : SESSION_EXPIRED);
            session = { record, user };
          }
          if (operation.adminOnly && !session?.user.isAdmin) {
            return errorAnswer(403, ADMIN_ONLY);
          }
          const read = operation.requestBody ? await readJsonBody(request) : { body: undefined };
          if ("problem" in read) throw invalidRequest([read.problem]);
          const checked = validateRequest(operation, {
            pathParams: params,
            searchParams: new URL(request.url).searchParams,
            body: read.body,
          });
          if (!checked.ok) throw invalidRequest(checked.problems);
          const unknownRegions = unknownRegionsOf(operation, checked.request, db.regions.map((region) => region.name));
          if (unknownRegions.length > 0) throw invalidRequest(unknownRegions);
          const answer = await resolver({
            request,
            path: checked.request.path as CallContext<Operation<P, M>>["path"],
            query: checked.request.query as CallContext<Operation<P, M>>["query"],
            body: checked.request.body as CallContext<Operation<P, M>>["body"],
            json: checked.request.json,
            session,
          });
          if (method !== "get") db.afterWrite?.();
          return answer;
        } catch (error) {
          if (error instanceof HttpError) return errorAnswer(error.statusCode, error.message, error.details, error.headers);
          console.error(`mock ${operation.operationId} failed`, error);
          return errorAnswer(500, SERVER_FAULT);
        }
      });
    };
  }
  return { get: route("get"), post: route("post"), put: route("put"), delete: route("delete") };
}

export type MockApi = ReturnType<typeof createApi>;

/** The caller of a secured call (the wrapper guarantees it). */
export function caller<O>(context: CallContext<O>) {
  if (!context.session) throw new HttpError(401, SESSION_EXPIRED);
  return context.session;
}
