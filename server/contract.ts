// openapi.yaml, read once: the document glue serves, and what the server reads from it per
// operation (public calls have `security: []`, administrator-only calls `x-admin-only: true`).
import { readFileSync } from "node:fs";
import { parse } from "yaml";

export const CONTRACT_PATH = new URL("../openapi.yaml", import.meta.url);

export interface OperationRules {
  isPublic: boolean;
  adminOnly: boolean;
}

interface OperationObject {
  operationId: string;
  security?: unknown[];
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
  const document = parse(readFileSync(CONTRACT_PATH, "utf8")) as { paths: Record<string, Record<string, OperationObject>> };
  const rules = new Map<string, OperationRules>();
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      rules.set(operation.operationId, {
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        adminOnly: operation["x-admin-only"] === true,
      });
    }
  }
  return { document, rules };
}
