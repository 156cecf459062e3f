// Which calls of the product specification the contract (openapi.yaml) describes. The calls
// themselves are data, scripts/specified-calls.json, so that adding or correcting one is a change of
// data reviewed against the specification, not of this code.

export interface SpecifiedCall {
  method: string;
  /** The path in the contract's spelling: parameters may be named anyhow, `{params}` or `{id}`. */
  path: string;
  /** The section of the specification that lists the call. */
  section: string;
  /** The call as the specification writes it, for a reader checking the data against it. */
  specified: string;
}

export interface Gap {
  call: SpecifiedCall;
  problem: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** One key per call, whatever its path parameters are named: `GET /helpMark/{}`. */
export const callKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}").replace(/(.)\/+$/, "$1")}`;

/** A response object, or the one it points to in components (`$ref: '#/components/responses/X'`). */
function resolve(document: Json, value: unknown): Json | undefined {
  if (!isObject(value) || typeof value.$ref !== "string") return isObject(value) ? value : undefined;
  let target: unknown = document;
  for (const part of value.$ref.replace(/^#\//, "").split("/")) target = isObject(target) ? target[part] : undefined;
  return isObject(target) ? target : undefined;
}

/**
 * What keeps an operation from covering a call: an operationId (clients, handlers and mocks are
 * named by it) and a success answer whose every body has a schema (a 204 has none to give).
 */
function problemsOf(document: Json, operation: Json): string[] {
  const problems: string[] = [];
  if (typeof operation.operationId !== "string" || operation.operationId === "") problems.push("no operationId");
  const responses = isObject(operation.responses) ? operation.responses : {};
  const successes = Object.keys(responses)
    .filter((status) => /^2(\d\d|XX)$/.test(status))
    .map((status) => resolve(document, responses[status]))
    .filter((response) => response !== undefined);
  if (successes.length === 0) problems.push("no success response");
  const bodies = successes.flatMap((response) => Object.values(isObject(response.content) ? response.content : {}));
  if (bodies.some((body) => !isObject(body) || !isObject(body.schema))) problems.push("a success body without a schema");
  return problems;
}

/** The operations of an OpenAPI document by call key. */
function operationsOf(document: Json): Map<string, Json> {
  const operations = new Map<string, Json>();
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (isObject(operation) && /^(get|put|post|delete|patch|head|options|trace)$/.test(method)) operations.set(callKey(method, path), operation);
    }
  }
  return operations;
}

/** The calls the document covers and, for the others, why not. */
export function checkCoverage(document: unknown, calls: SpecifiedCall[]): { covered: SpecifiedCall[]; gaps: Gap[] } {
  const root = isObject(document) ? document : {};
  const operations = operationsOf(root);
  const covered: SpecifiedCall[] = [];
  const gaps: Gap[] = [];
  for (const call of calls) {
    const operation = operations.get(callKey(call.method, call.path));
    const problems = operation ? problemsOf(root, operation) : ["missing"];
    if (problems.length === 0) covered.push(call);
    else gaps.push({ call, problem: problems.join(", ") });
  }
  return { covered, gaps };
}

/** The data file's calls, refused when one is malformed or listed twice. */
export function parseSpecifiedCalls(text: string): SpecifiedCall[] {
  const calls: unknown = JSON.parse(text);
  if (!Array.isArray(calls)) throw new Error("the specified calls must be a JSON array");
  const seen = new Set<string>();
  return calls.map((call: unknown, index) => {
    const fields = ["method", "path", "section", "specified"] as const;
    if (!isObject(call) || fields.some((field) => typeof call[field] !== "string" || call[field] === "")) {
      throw new Error(`call ${index + 1} needs ${fields.join(", ")} as text: ${JSON.stringify(call)}`);
    }
    const { method, path, section, specified } = call as unknown as SpecifiedCall;
    if (!/^(GET|PUT|POST|DELETE|PATCH)$/.test(method) || !path.startsWith("/")) throw new Error(`call ${index + 1} is not "METHOD /path": ${method} ${path}`);
    const key = callKey(method, path);
    if (seen.has(key)) throw new Error(`${method} ${path} is listed twice`);
    seen.add(key);
    return { method, path, section, specified };
  });
}
