// Fails when openapi.yaml lacks a call of the product specification, or describes one without an
// operationId or without a schema for its answer. Prints each gap, then "covered N/M".
// Usage: npm run check:contract [-- path/to/openapi.yaml]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { checkCoverage, parseSpecifiedCalls } from "./contract-coverage.ts";

const file = process.argv[2] ?? "openapi.yaml";
const calls = parseSpecifiedCalls(readFileSync(join(import.meta.dirname, "specified-calls.json"), "utf8"));
const { covered, gaps } = checkCoverage(parse(readFileSync(file, "utf8")), calls);

for (const { call, problem } of gaps) console.log(`${problem}: ${call.method} ${call.path} (specification ${call.section}: ${call.specified})`);
console.log(`covered ${covered.length}/${calls.length}`);
if (gaps.length > 0) process.exit(1);
