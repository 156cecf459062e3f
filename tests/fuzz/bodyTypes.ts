// Numbers and booleans inside JSON bodies: every field of a request body that the contract types as
// an integer, a number or a boolean, found by walking the body's schema (properties, array items,
// oneOf and anyOf branches), with the values of another JSON type that a coercing validator once
// read as one: "1e309" became an id of Infinity that reached the database, `"isAdmin": "true"` an
// administrator. A body is validated as sent, so each of them is a 400 naming the field.
import { contract, type JsonSchema, type OperationInfo } from "../../mocks/openapi/document";

type Segment = string | number;

export interface TypedField {
  /** As the error body names it: `callbackIds.0`, `userId`. */
  field: string;
  path: Segment[];
  /** Values of a type the field does not take. */
  wrong: unknown[];
}

const AS_NUMBER = ["1e309", "-1e309", "Infinity", "7", true];
const AS_BOOLEAN = ["true", "false", 1, 0];

function resolve(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
  return resolve(contract.components[section!]![name!]!);
}

/** The JSON types a schema takes, its branches included. */
function typesOf(schema: JsonSchema): Set<string> {
  const own = schema.type === undefined ? [] : [schema.type].flat().map(String);
  const branches = [...((schema.oneOf ?? []) as JsonSchema[]), ...((schema.anyOf ?? []) as JsonSchema[])].map(resolve);
  return new Set([...own, ...branches.flatMap((branch) => [...typesOf(branch)])]);
}

function wrongValues(types: Set<string>): unknown[] {
  if (types.has("string")) return [];
  const numeric = types.has("integer") || types.has("number");
  const candidates = [...(numeric ? AS_NUMBER : []), ...(types.has("boolean") ? AS_BOOLEAN : [])];
  // A value of a type the field also takes is no mistake (a boolean field that takes numbers).
  return candidates.filter((value) => !types.has(typeof value === "string" ? "string" : typeof value === "boolean" ? "boolean" : "integer"));
}

function walk(schema: JsonSchema, path: Segment[], found: TypedField[]): void {
  const resolved = resolve(schema);
  const wrong = path.length > 0 ? wrongValues(typesOf(resolved)) : [];
  if (wrong.length > 0) found.push({ field: path.join("."), path, wrong });
  for (const [name, property] of Object.entries((resolved.properties ?? {}) as Record<string, JsonSchema>)) walk(property, [...path, name], found);
  if (resolved.items && typeof resolved.items === "object") walk(resolved.items as JsonSchema, [...path, 0], found);
}

export function typedBodyFields(operation: OperationInfo): TypedField[] {
  const found: TypedField[] = [];
  if (operation.requestBody) walk(operation.requestBody.schema, [], found);
  return found;
}

/** The body with `value` at `path`, the objects and arrays on the way made when the body lacks them. */
export function withValueAt(body: unknown, path: Segment[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const copy = typeof head === "number" ? (Array.isArray(body) ? [...body] : []) : body && typeof body === "object" ? { ...body } : {};
  const holder = copy as Record<Segment, unknown>;
  holder[head] = withValueAt(holder[head], rest, value);
  return holder;
}
