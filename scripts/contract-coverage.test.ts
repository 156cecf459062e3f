import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkCoverage, parseSpecifiedCalls, type SpecifiedCall } from "./contract-coverage";

const call = (method: string, path: string): SpecifiedCall => ({ method, path, section: "§7 Calls", specified: `${method} ${path.slice(1)}` });
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });

describe("checkCoverage", () => {
  it("covers a call whose operation has an operationId and a schema for its answer, whatever its parameters are named", () => {
    const document = { paths: { "/helpMark/{params}": { get: { operationId: "getHelpMarks", responses: { "200": json({ type: "array" }) } } } } };
    expect(checkCoverage(document, [call("GET", "/helpMark/{json}")])).toEqual({ covered: [call("GET", "/helpMark/{json}")], gaps: [] });
  });

  it("covers an answer without a body (204) and one described in components", () => {
    const document = {
      paths: {
        "/sessions": {
          delete: { operationId: "signOut", responses: { "204": { description: "Revoked" } } },
          get: { operationId: "getSession", responses: { "200": { $ref: "#/components/responses/Session" } } },
        },
      },
      components: { responses: { Session: json({ type: "object" }) } },
    };
    expect(checkCoverage(document, [call("DELETE", "/sessions"), call("GET", "/sessions")]).gaps).toEqual([]);
  });

  it("names a call the contract lacks, including one with another method on the same path", () => {
    const document = { paths: { "/userSetup": { get: { operationId: "x", responses: { "200": json({}) } } } } };
    const { covered, gaps } = checkCoverage(document, [call("POST", "/userSetup"), call("GET", "/pmd/getSetup")]);
    expect(covered).toEqual([]);
    expect(gaps.map(({ call, problem }) => `${problem}: ${call.method} ${call.path}`)).toEqual(["missing: POST /userSetup", "missing: GET /pmd/getSetup"]);
  });

  it("names what an incomplete operation lacks", () => {
    const document = {
      paths: {
        "/a": { get: { responses: { "200": { content: { "application/json": {} } } } } },
        "/b": { get: { operationId: "b", responses: { "400": json({}) } } },
        "/c": { get: { operationId: "c", responses: { "200": { $ref: "#/components/responses/Nowhere" } } } },
      },
    };
    expect(checkCoverage(document, [call("GET", "/a"), call("GET", "/b"), call("GET", "/c")]).gaps.map((gap) => gap.problem)).toEqual([
      "no operationId, a success body without a schema",
      "no success response",
      "no success response",
    ]);
  });

  it("finds nothing in a file that is not an OpenAPI document", () => {
    expect(checkCoverage("not a document", [call("GET", "/sessions")]).gaps).toEqual([{ call: call("GET", "/sessions"), problem: "missing" }]);
  });
});

describe("parseSpecifiedCalls", () => {
  it("reads the specification's 48 calls, each once", () => {
    const calls = parseSpecifiedCalls(readFileSync(join(import.meta.dirname, "specified-calls.json"), "utf8"));
    expect(calls).toHaveLength(48);
    expect(new Set(calls.map((c) => c.section))).toEqual(new Set(["§7 Calls"]));
  });

  it("refuses a call listed twice under other parameter names", () => {
    const text = JSON.stringify([call("GET", "/Members/getNotes/{json}"), call("GET", "/Members/getNotes/{params}")]);
    expect(() => parseSpecifiedCalls(text)).toThrow("GET /Members/getNotes/{params} is listed twice");
  });

  it("refuses a call without a section or with a path that is not one", () => {
    expect(() => parseSpecifiedCalls(JSON.stringify([{ method: "GET", path: "/x", specified: "GET x" }]))).toThrow("needs method, path, section, specified");
    expect(() => parseSpecifiedCalls(JSON.stringify([call("GET", "x")]))).toThrow('not "METHOD /path"');
  });
});
