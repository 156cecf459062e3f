import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { blocked, checkPlan, STAGES, startable, type Stage, type Status } from "./test-plan";

const plan: Stage[] = [{ script: "e2e" }, { script: "build" }, { script: "e2e:server", needs: ["build"] }, { script: "lint" }];
const statuses = (entries: Record<string, Status>) => new Map(plan.map((stage) => [stage.script, entries[stage.script] ?? "waiting"]));
const scripts = (stages: Stage[]) => stages.map((stage) => stage.script);

describe("startable", () => {
  it("starts ready stages in plan order, as many as there are free slots", () => {
    expect(scripts(startable(plan, statuses({}), 2))).toEqual(["e2e", "build"]);
    expect(scripts(startable(plan, statuses({ e2e: "running" }), 2))).toEqual(["build"]);
    expect(startable(plan, statuses({ e2e: "running", build: "running" }), 2)).toEqual([]);
  });

  it("starts a stage that runs beside the slots once it is ready, without taking a slot", () => {
    const withBench: Stage[] = [...plan, { script: "bench", needs: ["build"], beside: true }];
    const of = (entries: Record<string, Status>) => new Map(withBench.map((stage) => [stage.script, entries[stage.script] ?? "waiting"]));
    expect(scripts(startable(withBench, of({ e2e: "running", build: "running" }), 2))).toEqual([]);
    expect(scripts(startable(withBench, of({ e2e: "running", build: "passed", lint: "running" }), 2))).toEqual(["bench"]);
    expect(scripts(startable(withBench, of({ e2e: "running", build: "passed", bench: "running" }), 2))).toEqual(["e2e:server"]);
  });

  it("starts a stage only once what it needs has passed", () => {
    expect(scripts(startable(plan, statuses({ e2e: "running", build: "running" }), 3))).toEqual(["lint"]);
    expect(scripts(startable(plan, statuses({ e2e: "running", build: "passed" }), 2))).toEqual(["e2e:server"]);
  });
});

describe("blocked", () => {
  it("finds the waiting stages whose need failed or was skipped", () => {
    expect(scripts(blocked(plan, statuses({ build: "failed" })))).toEqual(["e2e:server"]);
    expect(blocked(plan, statuses({ build: "running" }))).toEqual([]);
  });
});

describe("checkPlan", () => {
  it("refuses a stage needing one that is unknown or comes after it, and a stage listed twice", () => {
    expect(() => checkPlan([{ script: "e2e:server", needs: ["build"] }, { script: "build" }])).toThrow("e2e:server needs build, which must come before it");
    expect(() => checkPlan([{ script: "lint" }, { script: "lint" }])).toThrow("lint is listed twice");
  });

  it("accepts the plan of npm test, whose every stage is a script of package.json", () => {
    expect(() => checkPlan(STAGES)).not.toThrow();
    const { scripts: defined } = JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts(STAGES).filter((script) => !(script in defined))).toEqual([]);
  });
});
