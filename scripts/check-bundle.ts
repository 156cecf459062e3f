// Proves what a production build ships, and fails the build when it is wrong:
//   - no chunk holds the fake backend (mocks/, msw, faker) or the inspector;
//   - the JavaScript a first visit loads (the entry and its static imports) stays within
//     INITIAL_BUDGET_BYTES brotli-compressed (node:zlib, quality 11, as a server would serve it);
//   - the chart library is only in the chart reports' own chunk, loaded when a chart is shown.
// Reads dist/bundle-modules.json, written by the bundle-modules plugin of vite.config.ts, and
// prints the size of every chunk.
// Usage: npm run build && npm run check:bundle
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { findForbiddenModules, INITIAL_BUDGET_BYTES, initialChunks, misplacedChartLibrary, type Chunk } from "./bundle-rules.ts";

const chunks = JSON.parse(readFileSync("dist/bundle-modules.json", "utf8")) as Chunk[];
const failures: string[] = [];

for (const { chunk, module } of findForbiddenModules(chunks)) failures.push(`development-only code in ${chunk}: ${module}`);
failures.push(...misplacedChartLibrary(chunks));

const brotli = (fileName: string) =>
  brotliCompressSync(readFileSync(join("dist", fileName)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const initial = new Set(initialChunks(chunks).map((chunk) => chunk.fileName));
const sizes = chunks.map((chunk) => ({ fileName: chunk.fileName, raw: readFileSync(join("dist", chunk.fileName)).length, brotli: brotli(chunk.fileName) }));
const initialBytes = sizes.filter((size) => initial.has(size.fileName)).reduce((sum, size) => sum + size.brotli, 0);

console.log("chunk                                     raw         brotli   loads");
for (const size of sizes.sort((a, b) => b.brotli - a.brotli)) {
  console.log(`${size.fileName.padEnd(40)} ${kB(size.raw).padStart(10)} ${kB(size.brotli).padStart(10)}   ${initial.has(size.fileName) ? "at start-up" : "on demand"}`);
}
console.log(`initial JavaScript: ${kB(initialBytes)} brotli (budget ${kB(INITIAL_BUDGET_BYTES)})`);
if (initialBytes > INITIAL_BUDGET_BYTES) {
  failures.push(`initial JavaScript is ${kB(initialBytes)} brotli, over the budget of ${kB(INITIAL_BUDGET_BYTES)} by ${kB(initialBytes - INITIAL_BUDGET_BYTES)}`);
}

if (failures.length > 0) {
  console.error("The production bundle breaks its rules:");
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
const modules = chunks.reduce((sum, chunk) => sum + chunk.modules.length, 0);
console.log(`bundle clean: ${chunks.length} chunks, ${modules} modules, no mocks/, msw, faker or inspector; chart library on demand only`);
