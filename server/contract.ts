// openapi.yaml, read once: the document glue serves, and what the server reads from it per
// operation (public calls have `security: []`, administrator-only calls `x-admin-only: true`,
// the integer parameters whose text is checked before validation coerces it, and the region
// filters checked against the regions there are).
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { isIntegerSchema } from "../domain/http/integerText.ts";

export const CONTRACT_PATH = new URL("../openapi.yaml", import.meta.url);

export interface OperationRules {
  isPublic: boolean;
  adminOnly: boolean;
  /** The path and query parameters of type integer (domain/http/integerText.ts). */
  integerParameters: { name: string; in: "path" | "query" }[];
  /** The path and query parameters named `region`: each names a region there is, or `all`. */
  regionParameters: { name: string; in: "path" | "query" }[];
}

interface ParameterObject {
  $ref?: string;
  name: string;
  in: string;
  schema?: { type?: unknown };
}

interface OperationObject {
  operationId: string;
  security?: unknown[];
  parameters?: ParameterObject[];
  "x-admin-only"?: boolean;
}

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);

export interface Contract {
  document: Record<string, unknown>;
  rules: Map<string, OperationRules>;
}

let loaded: Contract | undefined;

/** The contract, parsed on first use: the file is part of the release and never changes while running. */
export function loadContract(): Contract {
  loaded ??= readContract();
  return loaded;
}

function readContract(): Contract {
  const document = parse(readFileSync(CONTRACT_PATH, "utf8")) as {
    paths: Record<string, Record<string, OperationObject>>;
    components: { parameters?: Record<string, ParameterObject> };
  };
  const resolved = (parameter: ParameterObject) =>
    parameter.$ref ? document.components.parameters?.[parameter.$ref.replace("#/components/parameters/", "")] ?? parameter : parameter;
  const rules = new Map<string, OperationRules>();
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      rules.set(operation.operationId, {
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        adminOnly: operation["x-admin-only"] === true,
        integerParameters: (operation.parameters ?? [])
          .map(resolved)
          .filter((parameter) => (parameter.in === "path" || parameter.in === "query") && isIntegerSchema(parameter.schema ?? {}))
          .map((parameter) => ({ name: parameter.name, in: parameter.in as "path" | "query" })),
        regionParameters: (operation.parameters ?? [])
          .map(resolved)
          .filter((parameter) => (parameter.in === "path" || parameter.in === "query") && parameter.name === "region")
          .map((parameter) => ({ name: parameter.name, in: parameter.in as "path" | "query" })),
      });
    }
  }
  return { document, rules };
}
