// Fails when a link of the repository's Markdown (README, docs/, folder READMEs) leads to a file
// that does not exist or lies outside the repository: a clone must be able to follow every one.
// Usage: npm run check:docs
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brokenLinks } from "./markdown-links.ts";

const root = join(import.meta.dirname, "..");
// Installed, built, generated at run time or local data: not the repository's own text.
const NOT_OURS = /^(node_modules|dist|data|coverage|\.git|tests\/e2e\/screenshots)(\/|$)/;
const files = readdirSync(root, { recursive: true, encoding: "utf8" })
  .map((file) => file.split("\\").join("/"))
  .filter((file) => file.endsWith(".md") && !NOT_OURS.test(file));
const problems = files.flatMap((file) => brokenLinks(root, file, readFileSync(join(root, file), "utf8")));

for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(`links of ${files.length} Markdown files lead to files of the repository`);
