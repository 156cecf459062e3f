// Fails when a generated file in the repository differs from what its generator writes now,
// so nobody edits one by hand and nobody forgets to regenerate after changing its source.
// Usage: npm run check:generated
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface Generated {
  /** A generated file, or a folder whose every file is generated. */
  path: string;
  /** The npm script that regenerates it. */
  script: string;
  /** The command that writes the same output to `into` instead. */
  regenerate: (into: string) => [command: string, args: string[]];
}

const GENERATED: Generated[] = [
  {
    path: "contract/schema.d.ts",
    script: "gen:api",
    regenerate: (into) => ["node_modules/.bin/openapi-typescript", ["openapi.yaml", "-o", into]],
  },
  {
    path: "server/db/tables.generated.ts",
    script: "gen:db",
    regenerate: (into) => [process.execPath, ["server/db/generateTypes.ts", "--out", into]],
  },
  {
    path: "docs/machines",
    script: "diagrams",
    regenerate: (into) => ["node_modules/.bin/tsx", ["scripts/diagrams.ts", "--out", into]],
  },
];

/** Relative paths and contents of every file under `root` (or of the file `root` itself). */
function contentsOf(root: string): Map<string, string> {
  if (!existsSync(root)) return new Map();
  if (statSync(root).isFile()) return new Map([["", readFileSync(root, "utf8")]]);
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) => statSync(join(root, file)).isFile());
  return new Map(files.map((file) => [file, readFileSync(join(root, file), "utf8")]));
}

function differences(committed: Map<string, string>, fresh: Map<string, string>): string[] {
  const names = new Set([...committed.keys(), ...fresh.keys()]);
  return [...names].filter((name) => committed.get(name) !== fresh.get(name));
}

const scratch = mkdtempSync(join(tmpdir(), "generated-"));
let stale = 0;
for (const generated of GENERATED) {
  const into = join(scratch, generated.path.replaceAll("/", "_"));
  const [command, args] = generated.regenerate(into);
  execFileSync(command, args, { stdio: "ignore" });
  const changed = differences(contentsOf(generated.path), contentsOf(into));
  if (changed.length > 0) {
    stale += 1;
    console.error(`Stale: ${generated.path} (run npm run ${generated.script} and commit)`);
    for (const name of changed) if (name) console.error(`  ${join(generated.path, name)}`);
  }
}
if (stale > 0) process.exit(1);
console.log(`generated files up to date: ${GENERATED.map((g) => g.path).join(", ")}`);
