// The contract's validation of a request, one AJV for each kind of part. Path, query and headers
// arrive as text, which is coerced to the contract's types (`coerceTypes: 'array'`; an integer's
// text is checked before, integerParams.ts). A JSON body arrives typed and is validated as sent:
// coercing it too read "1e309" as an id of Infinity, which reached the database (500), and
// `"isAdmin": "true"` as an administrator. The fake backend validates the same way
// (mocks/openapi/validate.ts). Fastify's own compiler has one AJV for every part, so the app sets
// this one instead; the options are otherwise Fastify's defaults with the app's own.
import type { FastifyInstance, FastifySchema } from "fastify";
import { Ajv, type Options, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

const SHARED: Options = { keywords: ["example"], useDefaults: true, removeAdditional: false, allErrors: true, addUsedSchema: false };

function compilerOf(options: Options): (schema: FastifySchema) => ValidateFunction {
  const ajv = new Ajv({ ...SHARED, ...options });
  addFormats.default(ajv);
  // Every app of a process (a test file starts several) validates the same contract: each schema
  // is compiled once per process rather than once per app (~0.1–0.2 s of processor time an app).
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    const known = compiled.get(key);
    if (known) return known;
    // One AJV compiles a schema id once (fastify-openapi-glue gives recursive schemas an id).
    const id = (schema as { $id?: string }).$id;
    const validate = (id ? ajv.getSchema(id) : undefined) ?? ajv.compile(schema);
    compiled.set(key, validate);
    return validate;
  };
}

const compileText = compilerOf({ coerceTypes: "array" });
const compileBody = compilerOf({ coerceTypes: false });

export function validateRequestsByPart(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === "body" ? compileBody : compileText)(schema));
}
