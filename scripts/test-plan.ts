// The stages of `npm test` and the order they may run in. Each stage is an npm script; a stage
// starts once the stages it needs have passed, and up to `jobs` stages run at once. Stages that
// run side by side share no port (every server under test listens on a free one), no data folder
// (temporary folders, a database or schema of their own on PostgreSQL) and no report folder.

export interface Stage {
  script: string;
  /** Scripts that must pass first: they write what this one reads. */
  needs?: string[];
  /**
   * Mostly waits (runs of a fixed length, a browser's pauses) and uses a fraction of a core: runs
   * beside the slots as soon as it is ready rather than holding one that a stage keeping a core
   * busy could use.
   */
  beside?: boolean;
}

/**
 * Longest first within what is ready, so that the two slots of a 2-core machine end together: the
 * build first (the server walks and the benchmarks wait for it, and it is short), the unit suite
 * (the longest stage) beside it, then the two halves of the server walk, each on a server of its
 * own, while the unit suite runs, and the rest from long to short. The minutes beside each are a
 * quiet 2-core machine's before the server walk was halved and bench:quick trimmed (those two
 * estimated from it); a stage whose time moves far should move in the list.
 */
export const STAGES: Stage[] = [
  { script: "build" }, // ~0.7 min
  { script: "test:unit" }, // ~13
  { script: "test:e2e:server:1", needs: ["build"] }, // ~5.5
  { script: "test:e2e:server:2", needs: ["build"] }, // ~5.5
  { script: "test:contract:server:pglite" }, // ~4.6
  { script: "test:contract:server" }, // ~4.2 (less with the template database)
  { script: "test:contract:server:pooler" }, // ~2.6 since its files share one process
  { script: "test:e2e:mock" }, // ~2.4
  { script: "test:e2e:team" }, // ~2.1
  { script: "bench:quick", needs: ["build"], beside: true }, // ~3.3, of which ~1.2 of processor time
  { script: "test:fuzz" }, // ~1.5
  { script: "test:contract:mock" }, // ~1.3
  { script: "typecheck" }, // ~0.5
  { script: "test:contract:s3" }, // ~0.5
  { script: "lint" }, // ~0.45
  { script: "test:install", needs: ["build"] }, // ~0.4
  { script: "test:team", needs: ["build"] }, // ~0.35
  { script: "check:generated" }, // ~0.1
  { script: "check:bundle", needs: ["build"] },
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

/**
 * The waiting stages to start now, in plan order: as many as there are slots free of the stages
 * that hold one, and every ready stage that runs beside the slots.
 */
export function startable(stages: Stage[], status: Map<string, Status>, jobs: number): Stage[] {
  const holding = stages.filter((stage) => !stage.beside && status.get(stage.script) === "running").length;
  const ready = stages.filter(
    (stage) => status.get(stage.script) === "waiting" && (stage.needs ?? []).every((need) => status.get(need) === "passed"),
  );
  return [...ready.filter((stage) => stage.beside), ...ready.filter((stage) => !stage.beside).slice(0, Math.max(0, jobs - holding))];
}
