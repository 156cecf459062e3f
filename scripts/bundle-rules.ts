export interface Chunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  modules: string[];
}

/** Source paths that belong to the fake backend and must never ship. */
const FAKE_BACKEND = [/\/node_modules\/msw\//, /\/node_modules\/@mswjs\//, /\/node_modules\/@faker-js\//, /^\/?(?:.*\/)?mocks\//];

export function findForbiddenModules(chunks: Chunk[]): { chunk: string; module: string }[] {
  return chunks.flatMap((chunk) =>
    chunk.modules
      .filter((module) => FAKE_BACKEND.some((pattern) => pattern.test(module.replaceAll("\\", "/"))))
      .map((module) => ({ chunk: chunk.fileName, module })),
  );
}
