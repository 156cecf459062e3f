// Fails when a generated file in the repository differs from what its generator writes now,
// so nobody edits one by hand and nobody forgets to regenerate after changing its source.
// Usage: npm run check:generated
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface Generated {
  file: string;
  /** The npm script that writes `file`, and the argument that redirects its output. */
  regenerate: (into: string) => [command: string, args: string[]];
}

const GENERATED: Generated[] = [
  {
    file: "src/api/schema.d.ts",
    regenerate: (into) => ["node_modules/.bin/openapi-typescript", ["openapi.yaml", "-o", into]],
  },
];

const scratch = mkdtempSync(join(tmpdir(), "generated-"));
const stale = GENERATED.filter(({ file, regenerate }) => {
  const fresh = join(scratch, file.replaceAll("/", "_"));
  const [command, args] = regenerate(fresh);
  execFileSync(command, args, { stdio: "ignore" });
  return readFileSync(fresh, "utf8") !== readFileSync(file, "utf8");
});

if (stale.length > 0) {
  console.error(`Stale generated files (run npm run gen:api and commit):\n  ${stale.map((g) => g.file).join("\n  ")}`);
  process.exit(1);
}
console.log(`generated files up to date: ${GENERATED.map((g) => g.file).join(", ")}`);
