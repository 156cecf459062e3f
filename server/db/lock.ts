// One process per PGlite data folder: a second one on the same folder silently lost committed rows
// (docs/conventions.md, Traps of the toolchain), so the folder is claimed with a lock file holding the owner's pid.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const LOCK_FILE = "recall-desk.lock";

export class FolderLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Claims the folder for this process; the returned function releases it. */
export function lockDataFolder(folder: string, pid = process.pid): () => void {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, String(pid), { flag: "wx" });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(path, "utf8"));
      // This process too: two PGlite instances on one folder are as unsafe as two processes.
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new FolderLockedError(
          `The data folder ${folder} is in use by process ${owner}. PGlite allows one process per folder: ` +
            `stop the other server, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).`,
        );
      }
      // A lock left by a process that is gone: take it over.
      rmSync(path, { force: true });
    }
  }
  throw new FolderLockedError(`Could not claim the data folder ${folder}`);
}
