// Request and answer validation against openapi.yaml with AJV (JSON Schema 2020-12, the dialect of
// OpenAPI 3.1). Query and path values arrive as text and are coerced as the server coerces them
// (`coerceTypes: 'array'`), an integer's text checked first (domain/http/integerText.ts); bodies
// and answers are validated as sent, never coerced.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FieldProblem } from "../../contract/errors.ts";
import { nulProblems } from "../../domain/http/requestText.ts";
import { integerTextProblem, isIntegerSchema } from "../../domain/http/integerText.ts";
import { contract, type JsonSchema, type OperationInfo } from "./document";


const CONTRACT_ID = "openapi.json";

function createAjv(coerce: boolean) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: coerce ? "array" : false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: CONTRACT_ID, components: contract.components });
  return ajv;
}

const textAjv = createAjv(true);
const jsonAjv = createAjv(false);

/** Points local `#/components/...` references of an operation's schema at the registered contract. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `${CONTRACT_ID}${value}` : anchored(value),
    ]),
  );
}

const compiled = new Map<Ajv2020, WeakMap<object, ValidateFunction>>();
function validatorOf(ajv: Ajv2020, schema: JsonSchema): ValidateFunction {
  const cache = compiled.get(ajv) ?? new WeakMap<object, ValidateFunction>();
  compiled.set(ajv, cache);
  let validate = cache.get(schema);
  if (!validate) {
    // A lone value is validated as the property of a holder, so AJV can coerce it in place.
    validate = ajv.compile({ type: "object", properties: { value: anchored(schema) } });
    cache.set(schema, validate);
  }
  return validate;
}

/** Names each problem by its field: `root.path.to.field` (the holder's `value` segment dropped). */
function problemsOf(errors: ErrorObject[] | null | undefined, root: string): FieldProblem[] {
  return (errors ?? []).map((error) => {
    const segments = error.instancePath.split("/").filter(Boolean).slice(1);
    if (error.keyword === "required") segments.push(String(error.params.missingProperty));
    if (error.keyword === "additionalProperties") segments.push(String(error.params.additionalProperty));
    const message =
      error.keyword === "additionalProperties"
        ? "is not allowed"
        : error.keyword === "required"
          ? "is required"
          : (error.message ?? "is invalid");
    return { field: [root, ...segments].filter(Boolean).join(".") || "body", message };
  });
}

/** Validates one value against a schema of the contract; coerces text values in place when `coerce`. */
function check(schema: JsonSchema, value: unknown, field: string, coerce: boolean) {
  const holder = { value };
  const validate = validatorOf(coerce ? textAjv : jsonAjv, schema);
  const ok = validate(holder);
  return { value: holder.value, problems: ok ? [] : problemsOf(validate.errors, field) };
}

export interface RequestParts {
  pathParams: Record<string, string | readonly string[] | undefined>;
  searchParams: URLSearchParams;
  body: unknown;
}

export interface ValidRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The decoded JSON of JSON-in-path/query parameters, by parameter name. */
  json: Record<string, unknown>;
}

export type RequestCheck = { ok: true; request: ValidRequest } | { ok: false; problems: FieldProblem[] };

export function validateRequest(operation: OperationInfo, parts: RequestParts): RequestCheck {
  const problems: FieldProblem[] = [];
  const request: ValidRequest = { path: {}, query: {}, body: parts.body, json: {} };

  for (const parameter of operation.parameters) {
    if (parameter.in !== "path" && parameter.in !== "query") continue;
    const raw =
      parameter.in === "path"
        ? parts.pathParams[parameter.name]
        : parts.searchParams.has(parameter.name)
          ? parts.searchParams.getAll(parameter.name)
          : undefined;
    const text = Array.isArray(raw) && raw.length === 1 && parameter.schema.type !== "array" ? raw[0] : raw;
    if (text === undefined) {
      if (parameter.required) problems.push({ field: parameter.name, message: "is required" });
      else if (parameter.schema.default !== undefined) request[parameter.in === "path" ? "path" : "query"][parameter.name] = parameter.schema.default;
      continue;
    }
    const notInteger = isIntegerSchema(parameter.schema) ? integerTextProblem(parameter.name, text) : undefined;
    if (notInteger) {
      problems.push(notInteger);
      continue;
    }
    const checked = check(parameter.schema, text, parameter.name, true);
    problems.push(...checked.problems);
    request[parameter.in === "path" ? "path" : "query"][parameter.name] = checked.value;
    if (parameter.jsonSchema && checked.problems.length === 0) {
      let decoded: unknown;
      try {
        decoded = JSON.parse(String(checked.value));
      } catch {
        problems.push({ field: parameter.name, message: "must be JSON" });
        continue;
      }
      const json = check(parameter.jsonSchema, decoded, parameter.name, false);
      problems.push(...json.problems);
      request.json[parameter.name] = json.value;
    }
  }

  if (operation.requestBody) {
    if (parts.body === undefined) {
      if (operation.requestBody.required) problems.push({ field: "body", message: "is required" });
    } else {
      problems.push(...check(operation.requestBody.schema, parts.body, "", false).problems);
    }
  }

  if (problems.length > 0) return { ok: false, problems };
  // Text the contract admits may still hold a NUL, which no backend stores (domain/http/requestText.ts).
  // The values as sent first, then what JSON parameters decode to: the server checks them in that order.
  const sent = [
    ...Object.entries({ ...request.path, ...request.query }).flatMap(([name, value]) => nulProblems(value, name)),
    ...nulProblems(request.body, ""),
  ];
  const nul = sent.length > 0 ? sent : Object.entries(request.json).flatMap(([name, value]) => nulProblems(value, name));
  return nul.length > 0 ? { ok: false, problems: nul } : { ok: true, request };
}

/** Problems of an answer body against the contract's schema for its status; [] when it conforms. */
export function validateResponse(operation: OperationInfo, status: number, body: unknown): FieldProblem[] {
  const declared = String(status) in operation.responses;
  if (!declared) return [{ field: "status", message: `${status} is not a declared answer of ${operation.operationId}` }];
  const schema = operation.responses[String(status)];
  if (!schema) return body === undefined || body === null || body === "" ? [] : [{ field: "body", message: "must be empty" }];
  return check(schema, body, "body", false).problems;
}

/** Problems of a value against a component schema of the contract (`MemberEvent`); [] when it conforms. */
export function validateComponent(name: string, value: unknown): FieldProblem[] {
  if (!contract.components.schemas?.[name]) throw new Error(`openapi.yaml has no schema ${name}`);
  componentRefs[name] ??= { $ref: `#/components/schemas/${name}` };
  return check(componentRefs[name], value, "", false).problems;
}

/** One reference object per component, so its compiled validator is cached. */
const componentRefs: Record<string, JsonSchema> = {};
