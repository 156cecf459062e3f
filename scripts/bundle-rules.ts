export interface Chunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  modules: string[];
}

/** Source paths of development tools (the fake backend, the inspector) that must never ship. */
const DEV_ONLY = [/\/node_modules\/msw\//, /\/node_modules\/@statelyai\//, /\/node_modules\/@mswjs\//, /\/node_modules\/@faker-js\//, /^\/?(?:.*\/)?mocks\//];

export function findForbiddenModules(chunks: Chunk[]): { chunk: string; module: string }[] {
  return chunks.flatMap((chunk) =>
    chunk.modules
      .filter((module) => DEV_ONLY.some((pattern) => pattern.test(module.replaceAll("\\", "/"))))
      .map((module) => ({ chunk: chunk.fileName, module })),
  );
}
