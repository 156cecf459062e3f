// Turns @xstate/graph's directed graph of a machine into a Mermaid state diagram.
import type { DirectedGraphNode } from "@xstate/graph";

const idOf = (stateId: string) => stateId.replace(/[^A-Za-z0-9]/g, "_");

/** Readable event names: XState's internal ones become "done", "error", "after 500ms", "always". */
export function eventLabel(type: string): string {
  if (type === "") return "always";
  const done = /^xstate\.done\.actor\.[^.]+\./.exec(type);
  if (done) return "done";
  if (type.startsWith("xstate.error.actor.")) return "error";
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1]}`;
  return type;
}

function render(node: DirectedGraphNode, depth: number, lines: string[]) {
  const indent = "  ".repeat(depth);
  const stateNode = node.stateNode;
  const children = node.children;
  if (children.length > 0) {
    // Mermaid draws concurrent regions (`--`) only inside a composite state: a parallel root gets one.
    const isRoot = depth === 1 && stateNode.type !== "parallel";
    if (!isRoot) lines.push(`${indent}state "${stateNode.key}" as ${idOf(node.id)} {`);
    const inner = isRoot ? indent : indent + "  ";
    if (stateNode.type === "parallel") {
      children.forEach((child, index) => {
        if (index > 0) lines.push(`${inner}--`);
        render(child, depth + 1, lines);
      });
    } else {
      const initial = stateNode.initial?.target?.[0];
      if (initial) lines.push(`${inner}[*] --> ${idOf(initial.id)}`);
      for (const child of children) render(child, depth + 1, lines);
    }
    if (!isRoot) lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}state "${stateNode.key}" as ${idOf(node.id)}`);
  }
  // The root's own transitions apply in every state: they are listed under the diagram instead.
  if (depth === 1) return;
  for (const edge of node.edges) {
    const guard = edge.transition.guard;
    const guardName = typeof guard === "object" && guard && "type" in guard ? String(guard.type) : typeof guard === "string" ? guard : "";
    lines.push(`${indent}${idOf(edge.source.id)} --> ${idOf(edge.target.id)}: ${labelOf(edge.label.text, guardName)}`);
  }
}

const labelOf = (event: string, guard: string) => eventLabel(event) + (guard ? ` [${guard}]` : "");

/** Events the machine handles in every state (transitions of its root). */
export function everywhereOf(graph: DirectedGraphNode): string[] {
  return graph.edges.map((edge) => eventLabel(edge.label.text));
}

export function mermaidOf(graph: DirectedGraphNode): string {
  const lines = ["stateDiagram-v2"];
  render(graph, 1, lines);
  return lines.join("\n");
}
