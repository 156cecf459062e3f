import { toDirectedGraph, type DirectedGraphNode } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { createMachine } from "xstate";
import { eventLabel, everywhereOf, mermaidOf } from "./mermaid";

describe("eventLabel", () => {
  it.each([
    ["xstate.done.actor.0.auth.signingIn", "done"],
    ["xstate.error.actor.0.auth.signingIn", "error"],
    ["xstate.after.persistTimeout.auth.restoring", "after persistTimeout"],
    ["", "always"],
    ["auth.logout", "auth.logout"],
  ])("shows %s as %s", (type, label) => {
    expect(eventLabel(type)).toBe(label);
  });
});

describe("mermaidOf", () => {
  const graph = (config: Parameters<typeof createMachine>[0]) => toDirectedGraph(createMachine(config)) as DirectedGraphNode;

  it("draws states, the initial state, and transitions with their guards", () => {
    const diagram = mermaidOf(
      graph({
        id: "door",
        initial: "closed",
        on: { reset: ".closed" },
        states: { closed: { on: { open: { target: "opened", guard: "unlocked" } } }, opened: { on: { close: "closed" } } },
      }),
    );
    expect(diagram.split("\n")).toEqual([
      "stateDiagram-v2",
      "  [*] --> door_closed",
      '    state "closed" as door_closed',
      "    door_closed --> door_opened: open [unlocked]",
      '    state "opened" as door_opened',
      "    door_opened --> door_closed: close",
    ]);
  });

  it("lists the root's transitions as events handled everywhere", () => {
    expect(everywhereOf(graph({ id: "door", initial: "a", on: { reset: ".a" }, states: { a: {} } }))).toEqual(["reset"]);
  });

  it("wraps a parallel machine in a composite state so its regions can be drawn", () => {
    const diagram = mermaidOf(graph({ id: "both", type: "parallel", states: { left: {}, right: {} } }));
    expect(diagram).toContain('state "both" as both {');
    expect(diagram).toContain("--");
  });
});
