// @vitest-environment node
// The administrator's table of variables (docs/operations.md, Configuration) and the schema the
// server checks them by list the same variables with the same defaults, so neither drifts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readEnvironment, VARIABLES } from "./environment.ts";

const operations = readFileSync(new URL("../docs/operations.md", import.meta.url), "utf8");
const configuration = operations.slice(operations.indexOf("\n## Configuration"), operations.indexOf("\n## ", operations.indexOf("\n## Configuration") + 1));
/** Each row of the section's tables: the variable and its default column as written. */
const documented = new Map([...configuration.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]+) \|/gm)].map((row) => [row[1]!, row[2]!.trim()]));

describe("the environment's schema", () => {
  it("has every variable the operations guide documents, and no other", () => {
    expect([...documented.keys()].sort()).toEqual(Object.keys(VARIABLES).sort());
  });

  it("has the default the guide gives", () => {
    for (const [name, variable] of Object.entries(VARIABLES)) {
      if ("default" in variable) expect(documented.get(name), name).toBe(`\`${variable.default}\``);
    }
  });

  it("reads an empty variable as unset and fills in the defaults", () => {
    const { values, problems } = readEnvironment({ PORT: "", LOG_LEVEL: "Debug", QUEUE_MAX_ATTEMPTS: "9" });
    expect(problems).toEqual([]);
    expect(values).toMatchObject({ PORT: 8080, HOST: "127.0.0.1", LOG_LEVEL: "debug", QUEUE_MAX_ATTEMPTS: 9 });
  });
});
