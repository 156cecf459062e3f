// Requests for one operation of openapi.yaml: valid ones generated from its schemas by
// json-schema-faker (seeded, so a fast-check seed replays them), then mutated the ways an attacker
// or a broken client would (fields missing or unknown, values of the wrong type or range, NUL
// characters, bodies that are not JSON, percent-encoding that does not decode, integer parameters
// written as numbers JavaScript reads as infinite, not a number or a fraction).
import fc from "fast-check";
import { generateSync } from "json-schema-faker";
import { contract, type JsonSchema, type OperationInfo } from "../../mocks/openapi/document";

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export const MUTATIONS = ["none", "none", "drop", "extra", "replace", "nul", "text/plain", "broken-json", "bad-encoding", "long", "special-number"] as const;

/** Text of an integer parameter that the validators' coercion once read as Infinity, NaN, -0 or a fraction. */
export const SPECIAL_NUMBERS = ["Infinity", "-Infinity", "NaN", "1e400", "-1e400", "9".repeat(309), "-0", "1e3", "0.5"] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface Choice {
  mutation: Mutation;
  seed: number;
  pick: number;
  replacement: unknown;
  text: string;
}

export const choiceArbitrary: fc.Arbitrary<Choice> = fc.record({
  mutation: fc.constantFrom(...MUTATIONS),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  pick: fc.nat(),
  replacement: fc.oneof(fc.jsonValue(), fc.constantFrom(1e20, -1, 0, 2 ** 31, "", "0000-01-01", "%00", "../../etc/passwd", "'; drop table members; --")),
  text: fc.string({ unit: "binary", maxLength: 40 }),
});

/** The integer path and query parameters of an operation, in the order the special-number mutation picks them. */
export const integerParameters = (operation: OperationInfo) => operation.parameters.filter((parameter) => parameter.schema.type === "integer");

/** The choice that sends the `value`-th special number as the `parameter`-th integer parameter, all else valid. */
export const specialNumberChoice = (parameter: number, value: number): Choice => ({
  mutation: "special-number",
  seed: value + SPECIAL_NUMBERS.length * 1000,
  pick: parameter,
  replacement: null,
  text: "",
});

/** The choice of a valid request, unmutated. */
export const VALID_CHOICE: Choice = { mutation: "none", seed: 1, pick: 0, replacement: null, text: "" };

const fake = (schema: JsonSchema, seed: number) =>
  generateSync({ ...schema, components: contract.components } as never, { seed, maxLength: 60, maxItems: 5, optionalsProbability: 0.5 } as never);

/** A parameter's value: a JSON parameter mostly as the JSON of its contentSchema. */
function parameterValue(parameter: OperationInfo["parameters"][number], seed: number): unknown {
  if (parameter.jsonSchema && seed % 5 !== 0) return JSON.stringify(fake(parameter.jsonSchema, seed));
  return fake(parameter.schema, seed);
}

export function buildRequest(operation: OperationInfo, choice: Choice, token: string | undefined): FuzzRequest {
  const { mutation, seed, pick, replacement, text } = choice;
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  operation.parameters.forEach((parameter, index) => {
    if (!parameter.required && (seed + index) % 3 === 0) return;
    (parameter.in === "path" ? path : query)[parameter.name] = parameterValue(parameter, seed + index);
  });
  let body = operation.requestBody ? fake(operation.requestBody.schema, seed) : undefined;
  const named = [...Object.keys(path).map((key) => [path, key] as const), ...Object.keys(query).map((key) => [query, key] as const)];
  const bodyKeys = body && typeof body === "object" && !Array.isArray(body) ? Object.keys(body) : [];
  const target = <T>(list: readonly T[]) => (list.length > 0 ? list[pick % list.length] : undefined);

  const integers = integerParameters(operation).map((parameter) => [parameter.in === "path" ? path : query, parameter.name] as const);
  if (mutation === "special-number" && integers.length > 0) {
    const [holder, name] = target(integers)!;
    holder[name] = SPECIAL_NUMBERS[seed % SPECIAL_NUMBERS.length];
  } else if (mutation === "drop") {
    const key = target(bodyKeys);
    const pair = target(named);
    if (key) delete (body as Record<string, unknown>)[key];
    else if (pair) delete pair[0][pair[1]];
  } else if (mutation === "extra" && body && typeof body === "object") {
    (body as Record<string, unknown>)[`unknown_${pick % 7}`] = replacement;
  } else if (mutation === "replace" || mutation === "nul" || mutation === "long") {
    const value = mutation === "nul" ? `${text}\u0000${text}` : mutation === "long" ? text.padEnd(10_000, "x") : replacement;
    const key = target(bodyKeys);
    if (key && pick % 2 === 0) (body as Record<string, unknown>)[key] = value;
    else if (named.length > 0) {
      const [holder, name] = target(named)!;
      holder[name] = typeof value === "string" ? value : JSON.stringify(value);
    } else if (operation.requestBody) body = value;
  }

  const encode = (value: unknown) => encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value));
  let url = `/api${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(path[name]))}`;
  if (mutation === "bad-encoding" && Object.keys(path).length > 0) url = url.replace(/\/[^/]*$/, "/%ZZ");
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) search.append(name, typeof value === "string" ? value : JSON.stringify(value));
  if (search.size > 0) url += `?${search}`;

  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  // A file as the body: any text (a NUL in it for that mutation), labelled as a file or not.
  if (operation.fileBody) {
    headers["content-type"] = mutation === "text/plain" ? "text/plain" : "text/csv";
    return { method: operation.method.toUpperCase(), url, headers, payload: mutation === "nul" ? `${text}\u0000${text}` : text };
  }
  if (!operation.requestBody) return { method: operation.method.toUpperCase(), url, headers };
  const payload = mutation === "broken-json" ? `{${text}` : JSON.stringify(body) ?? "";
  headers["content-type"] = mutation === "text/plain" ? "text/plain" : "application/json";
  return { method: operation.method.toUpperCase(), url, headers, payload };
}
