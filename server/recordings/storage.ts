// Where call-recording audio lives (docs/architecture.md, "Mail and files": a folder, data/recordings by
// default). A recording's `file_path` is relative to the folder. The demo recordings all share the
// three small demo files of demo/files/recordings, copied once under `demo/`.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The demo recordings' folder under the recordings folder. */
export const DEMO_AUDIO_FOLDER = "demo";
const DEMO_AUDIO_SOURCE = fileURLToPath(new URL("../../demo/files/recordings", import.meta.url));

export interface RecordingStorage {
  /** Absolute path of the folder. */
  dir: string;
  /** Removes the folder if it was a temporary one. */
  close: () => void;
}

/** The configured folder (created if missing), or a temporary one for in-memory data. */
export function openRecordingStorage(configuredDir: string | undefined): RecordingStorage {
  if (configuredDir) {
    mkdirSync(configuredDir, { recursive: true });
    return { dir: resolve(configuredDir), close: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), "recall-desk-recordings-"));
  return { dir, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Copies the demo audio files under `<dir>/demo/` when missing. Each is written aside and renamed,
 * so another instance starting at the same time never serves half a file.
 */
export function installDemoAudio(dir: string): void {
  const target = join(dir, DEMO_AUDIO_FOLDER);
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(DEMO_AUDIO_SOURCE)) {
    const destination = join(target, name);
    if (existsSync(destination)) continue;
    const partial = `${destination}.${process.pid}.partial`;
    copyFileSync(join(DEMO_AUDIO_SOURCE, name), partial);
    renameSync(partial, destination);
  }
}

/** The absolute path of a stored file; undefined for a path that would leave the folder. */
export function storedFilePath(dir: string, filePath: string): string | undefined {
  const path = resolve(dir, filePath);
  return path.startsWith(dir + sep) ? path : undefined;
}

/** The contract's two audio types (getCallRecordingFile). */
export const audioContentType = (filePath: string) => (filePath.toLowerCase().endsWith(".wav") ? "audio/wav" : "audio/mpeg");
