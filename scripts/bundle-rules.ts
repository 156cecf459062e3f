export interface Chunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  modules: string[];
}

/** Source paths of development tools (the fake backend, its demo world, the inspector) that must never ship. */
const DEV_ONLY = [/\/node_modules\/msw\//, /\/node_modules\/@statelyai\//, /\/node_modules\/@mswjs\//, /\/node_modules\/@faker-js\//, /^\/?(?:.*\/)?(?:mocks|demo)\//];

export function findForbiddenModules(chunks: Chunk[]): { chunk: string; module: string }[] {
  return chunks.flatMap((chunk) =>
    chunk.modules
      .filter((module) => DEV_ONLY.some((pattern) => pattern.test(module.replaceAll("\\", "/"))))
      .map((module) => ({ chunk: chunk.fileName, module })),
  );
}

/** The initial JavaScript budget, brotli-compressed. */
export const INITIAL_BUDGET_BYTES = 150 * 1000;

/** The chart library: only the chart reports load it, after start-up. */
const CHART_LIBRARY = /\/node_modules\/(?:plotly\.js[^/]*|react-plotly\.js)\//;

/** The chunks a first visit loads before anything runs: every entry and what it imports statically. */
export function initialChunks(chunks: Chunk[]): Chunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set<string>();
  const visit = (name: string) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const imported of byName.get(name)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return chunks.filter((chunk) => initial.has(chunk.fileName));
}

/** Chunks that hold the chart library though they load at start-up, and whether it is split over several. */
export function misplacedChartLibrary(chunks: Chunk[]): string[] {
  const holding = chunks.filter((chunk) => chunk.modules.some((module) => CHART_LIBRARY.test(module.replaceAll("\\", "/"))));
  const initial = new Set(initialChunks(chunks).map((chunk) => chunk.fileName));
  const problems = holding.filter((chunk) => initial.has(chunk.fileName)).map((chunk) => `${chunk.fileName} loads at start-up and holds the chart library`);
  if (holding.length > 1) problems.push(`the chart library is split over ${holding.map((chunk) => chunk.fileName).join(", ")}`);
  return problems;
}
