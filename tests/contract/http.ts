// The suite's HTTP client: raw fetch (so tests can also send what the contract forbids), every
// answer checked against the contract's schema for its status, and every call recorded for the
// coverage report printed at the end of the run.
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { findOperation, type HttpMethod } from "../../mocks/openapi/document";
import { validateResponse } from "../../mocks/openapi/validate";
import { COVERAGE_DIR } from "./coverage";

export interface CallOptions {
  token?: string | null;
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  body?: unknown;
  /** Sent as is, instead of JSON of `body` (bytes for a body that is not even UTF-8). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  /** The Content-Type of the body (default application/json). */
  contentType?: string;
  /** Path values already percent-encoded (or badly encoded on purpose): inserted as they are. */
  encodedPath?: boolean;
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Counts a call for the coverage report (calls made without `createCaller`, such as event streams). */
export function record(operationId: string, status: number) {
  mkdirSync(COVERAGE_DIR, { recursive: true });
  appendFileSync(join(COVERAGE_DIR, `${process.pid}.jsonl`), `${JSON.stringify({ operationId, status })}\n`);
}

export function fillPath(template: string, values: Record<string, string | number> = {}, encoded = false): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`missing path parameter ${name} for ${template}`);
    return encoded ? String(values[name]) : encodeURIComponent(String(values[name]));
  });
}

/** `beforeRead` runs before every GET: the target's wait for its readers to show every write so far. */
export function createCaller(baseUrl: string, beforeRead: () => Promise<void> = async () => {}) {
  async function call(method: HttpMethod, template: string, options: CallOptions = {}): Promise<Answer> {
    if (method === "get") await beforeRead();
    const operation = findOperation(method, template);
    const url = new URL(`${baseUrl}${fillPath(template, options.path, options.encodedPath)}`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    const headers = new Headers();
    if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers.set("Content-Type", options.contentType ?? "application/json");
    const response = await fetch(url, { method: method.toUpperCase(), headers, body });
    const text = await response.text();
    const isJson = (response.headers.get("content-type") ?? "").includes("json");
    const parsed = text && isJson ? JSON.parse(text) : text || undefined;
    const problems = validateResponse(operation, response.status, isJson ? parsed : undefined);
    if (problems.length > 0 && (isJson || response.status === 204)) {
      throw new Error(
        `${method.toUpperCase()} ${template} answered ${response.status} outside the contract:\n` +
          problems.map((p) => `  ${p.field}: ${p.message}`).join("\n") +
          `\nbody: ${text.slice(0, 500)}`,
      );
    }
    record(operation.operationId, response.status);
    return { status: response.status, body: parsed, headers: response.headers };
  }
  return {
    get: (template: string, options?: CallOptions) => call("get", template, options),
    post: (template: string, options?: CallOptions) => call("post", template, options),
    put: (template: string, options?: CallOptions) => call("put", template, options),
    delete: (template: string, options?: CallOptions) => call("delete", template, options),
  };
}

export type Caller = ReturnType<typeof createCaller>;
