// JSON parameters (openapi.yaml, JSON parameters): a path or query value holding JSON whose object
// is validated against the component schema its `contentSchema` names, problems named
// `<parameter>.<field>`. Glue validates the wire string; this validates what it decodes to.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { HttpError, invalidRequest, type FieldProblem } from "../contract/errors.ts";
import { nulProblems } from "../domain/http/requestText.ts";

const CONTRACT_ID = "openapi.json";

export type JsonParamDecoder = <T>(raw: string, schemaName: string, parameter: string) => T;

function problemsOf(errors: ErrorObject[], parameter: string): FieldProblem[] {
  return errors.map((error) => {
    const segments = error.instancePath.split("/").filter(Boolean);
    if (error.keyword === "required") segments.push(String(error.params.missingProperty));
    if (error.keyword === "additionalProperties") segments.push(String(error.params.additionalProperty));
    const message =
      error.keyword === "additionalProperties" ? "is not allowed" : error.keyword === "required" ? "is required" : (error.message ?? "is invalid");
    return { field: [parameter, ...segments].join("."), message };
  });
}

export function jsonParamDecoder(document: Record<string, unknown>): JsonParamDecoder {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: CONTRACT_ID, components: document.components });
  const compiled = new Map<string, ValidateFunction>();
  return <T>(raw: string, schemaName: string, parameter: string): T => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new HttpError(400, `Invalid request: ${parameter}`, [{ field: parameter, message: "must be JSON" }]);
    }
    let validate = compiled.get(schemaName);
    if (!validate) {
      validate = ajv.compile({ $ref: `${CONTRACT_ID}#/components/schemas/${schemaName}` });
      compiled.set(schemaName, validate);
    }
    if (!validate(value)) {
      const details = problemsOf(validate.errors ?? [], parameter);
      throw new HttpError(400, `Invalid request: ${[...new Set(details.map((d) => d.field))].join(", ")}`, details);
    }
    const nul = nulProblems(value, parameter);
    if (nul.length > 0) throw invalidRequest(nul);
    return value as T;
  };
}
