// The stages of `npm test` and the order they may run in. Each stage is an npm script; a stage
// starts once the stages it needs have passed, and up to `jobs` stages run at once. Stages that
// run side by side share no port (every server under test listens on a free one), no data folder
// (temporary folders, a schema of their own on PostgreSQL) and no report folder.

export interface Stage {
  script: string;
  /** Scripts that must pass first: they write what this one reads. */
  needs?: string[];
}

/**
 * Longest first within what is ready, so that the two slots of a 2-core machine stay busy until the
 * end: the browser walks wait on the browser more than they compute, and pair well with anything.
 */
export const STAGES: Stage[] = [
  { script: "test:e2e:mock" },
  { script: "test:e2e:team" },
  { script: "build" },
  { script: "test:e2e:server", needs: ["build"] },
  { script: "test:team", needs: ["build"] },
  { script: "test:unit" },
  { script: "test:fuzz" },
  { script: "test:contract:server:pglite" },
  { script: "test:contract:server" },
  { script: "test:contract:server:pooler" },
  { script: "test:contract:s3" },
  { script: "bench:quick", needs: ["build"] },
  { script: "test:install", needs: ["build"] },
  { script: "test:contract:mock" },
  { script: "lint" },
  { script: "typecheck" },
  { script: "check:bundle", needs: ["build"] },
  { script: "check:generated" },
  { script: "lint:api" },
  { script: "check:contract" },
  { script: "check:docs" },
];

export type Status = "waiting" | "running" | "passed" | "failed" | "skipped";

/** Refuses a plan that could never finish: a stage needing one that is unknown or comes later. */
export function checkPlan(stages: Stage[]): void {
  const seen = new Set<string>();
  for (const stage of stages) {
    if (seen.has(stage.script)) throw new Error(`${stage.script} is listed twice`);
    for (const need of stage.needs ?? []) {
      if (!seen.has(need)) throw new Error(`${stage.script} needs ${need}, which must come before it`);
    }
    seen.add(stage.script);
  }
}

/** Waiting stages that can never run, because something they need failed or was skipped. */
export function blocked(stages: Stage[], status: Map<string, Status>): Stage[] {
  return stages.filter(
    (stage) => status.get(stage.script) === "waiting" && (stage.needs ?? []).some((need) => ["failed", "skipped"].includes(status.get(need)!)),
  );
}

/** The waiting stages to start now, in plan order, as many as there are free slots. */
export function startable(stages: Stage[], status: Map<string, Status>, jobs: number): Stage[] {
  const free = jobs - [...status.values()].filter((value) => value === "running").length;
  if (free <= 0) return [];
  const ready = stages.filter(
    (stage) => status.get(stage.script) === "waiting" && (stage.needs ?? []).every((need) => status.get(need) === "passed"),
  );
  return ready.slice(0, free);
}
