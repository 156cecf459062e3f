// Files that were kept in folders before the file store (RECORDINGS_DIR, HELP_FILES_DIR) move into
// it when first asked for: a file found in the folder and not yet in the store is added, then
// served from the store by every instance. Nothing has to be copied by hand at an upgrade, and a
// large folder is never walked at start.
import { readFile } from "node:fs/promises";
import { resolve, sep } from "node:path";
import type { FileArea, FileStore, StoredFile } from "./fileStore.ts";

/** The absolute path of `name` inside `dir`; undefined for a name that would leave the folder. */
export function pathInside(dir: string, name: string): string | undefined {
  const root = resolve(dir);
  const path = resolve(root, name);
  return path.startsWith(root + sep) ? path : undefined;
}

async function fileOf(dir: string, name: string): Promise<Buffer | undefined> {
  const path = pathInside(dir, name);
  if (!path) return undefined;
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

/**
 * The size and type of a stored file, first adding it from `dir` (when given) if only the folder
 * has it; `contentType` names the type of a file taken from the folder.
 */
export async function statWithFolder(
  store: FileStore,
  area: FileArea,
  name: string,
  dir: string | undefined,
  contentType: (name: string) => string,
): Promise<Omit<StoredFile, "content"> | undefined> {
  const stored = await store.stat(area, name);
  if (stored || !dir) return stored;
  const content = await fileOf(dir, name);
  if (!content) return undefined;
  await store.add(area, name, content, contentType(name));
  return store.stat(area, name);
}
