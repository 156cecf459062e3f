// Proves what a production build ships: no chunk holds the fake backend (mocks/, msw, faker).
// Reads dist/bundle-modules.json, written by the bundle-modules plugin of vite.config.ts.
// Usage: npm run build && npm run check:bundle
import { readFileSync } from "node:fs";
import { findForbiddenModules, type Chunk } from "./bundle-rules.ts";

const chunks = JSON.parse(readFileSync("dist/bundle-modules.json", "utf8")) as Chunk[];
const forbidden = findForbiddenModules(chunks);

if (forbidden.length > 0) {
  console.error("The production bundle contains development-only code:");
  for (const { chunk, module } of forbidden) console.error(`  ${chunk}: ${module}`);
  process.exit(1);
}
const modules = chunks.reduce((sum, chunk) => sum + chunk.modules.length, 0);
console.log(`bundle clean: ${chunks.length} chunks, ${modules} modules, no mocks/, msw, faker or inspector`);
