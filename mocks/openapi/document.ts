// openapi.yaml read at run time, indexed by method and path, so the fake backend (and the
// conformance suite) take every rule of the contract from the one file: which calls are public,
// which are for administrators, and what each request and answer must look like.
import { parse } from "yaml";
import contractText from "../../openapi.yaml?raw";

export type JsonSchema = Record<string, unknown>;
export type HttpMethod = "get" | "post" | "put" | "delete";

export interface ParameterInfo {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: JsonSchema;
  /** The schema of the JSON a parameter carries (`contentSchema`), for JSON-in-path/query parameters. */
  jsonSchema?: JsonSchema;
}

export interface OperationInfo {
  method: HttpMethod;
  path: string;
  operationId: string;
  isPublic: boolean;
  adminOnly: boolean;
  /** Succeeds only with a configured OpenID Connect provider (`x-needs-oidc-provider`): neither backend under the conformance suite has one. */
  needsOidcProvider: boolean;
  parameters: ParameterInfo[];
  requestBody?: { required: boolean; schema: JsonSchema };
  /** The body is a file, as it is on disk (openapi.yaml UploadedCsvFile), not JSON. */
  fileBody: boolean;
  /** JSON schema of each declared answer by status code; undefined for an answer without a body. */
  responses: Record<string, JsonSchema | undefined>;
}

export interface OpenApiDocument {
  components: Record<string, Record<string, JsonSchema>>;
  paths: Record<string, Record<string, JsonSchema>>;
  security?: unknown[];
}

export const contract = parse(contractText) as OpenApiDocument;

function resolve(node: JsonSchema): JsonSchema {
  const ref = node.$ref;
  if (typeof ref !== "string") return node;
  const [, section, name] = ref.match(/^#\/components\/(\w+)\/(.+)$/) ?? [];
  const target = section && name ? contract.components[section]?.[name] : undefined;
  if (!target) throw new Error(`openapi.yaml: unresolved reference ${ref}`);
  return resolve(target);
}

const jsonContent = (node: JsonSchema | undefined) =>
  (node?.content as Record<string, { schema?: JsonSchema }> | undefined)?.["application/json"]?.schema;

function describeOperation(path: string, method: HttpMethod, raw: JsonSchema): OperationInfo {
  const parameters = ((raw.parameters as JsonSchema[] | undefined) ?? []).map(resolve).map((p) => {
    const schema = p.schema as JsonSchema;
    return {
      name: p.name as string,
      in: p.in as ParameterInfo["in"],
      required: p.required === true,
      schema,
      jsonSchema: schema.contentMediaType === "application/json" ? (schema.contentSchema as JsonSchema) : undefined,
    };
  });
  const body = raw.requestBody ? resolve(raw.requestBody as JsonSchema) : undefined;
  const bodySchema = jsonContent(body);
  const responses = Object.fromEntries(
    Object.entries((raw.responses as Record<string, JsonSchema>) ?? {}).map(([status, response]) => [
      status,
      jsonContent(resolve(response)),
    ]),
  );
  const security = (raw.security as unknown[] | undefined) ?? contract.security ?? [];
  return {
    method,
    path,
    operationId: raw.operationId as string,
    isPublic: security.length === 0,
    adminOnly: raw["x-admin-only"] === true,
    needsOidcProvider: raw["x-needs-oidc-provider"] === true,
    parameters,
    requestBody: bodySchema ? { required: body?.required === true, schema: bodySchema } : undefined,
    fileBody: (body?.content as Record<string, unknown> | undefined)?.["text/csv"] !== undefined,
    responses,
  };
}

const METHODS: HttpMethod[] = ["get", "post", "put", "delete"];

export const operations: OperationInfo[] = Object.entries(contract.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => describeOperation(path, method, item[method] as JsonSchema)),
);

export function findOperation(method: HttpMethod, path: string): OperationInfo {
  const operation = operations.find((candidate) => candidate.method === method && candidate.path === path);
  if (!operation) throw new Error(`openapi.yaml has no ${method.toUpperCase()} ${path}`);
  return operation;
}
