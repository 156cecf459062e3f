// Where call-recording audio lives (docs/architecture.md, "Mail and files"): the file store's area
// "recordings", by the recording's `file_path`. The demo recordings all share the three small demo
// files of demo/files/recordings, stored once under `demo/`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FileStore } from "../files/fileStore.ts";

/** The demo recordings' folder in the store. */
export const DEMO_AUDIO_FOLDER = "demo";
const DEMO_AUDIO_SOURCE = fileURLToPath(new URL("../../demo/files/recordings", import.meta.url));

/** The contract's two audio types (getCallRecordingFile). */
export const audioContentType = (filePath: string) => (filePath.toLowerCase().endsWith(".wav") ? "audio/wav" : "audio/mpeg");

/** Stores the demo audio files under `demo/` unless there already (an instance starting beside another adds nothing twice). */
export async function installDemoAudio(files: FileStore): Promise<void> {
  for (const name of readdirSync(DEMO_AUDIO_SOURCE)) {
    const stored = `${DEMO_AUDIO_FOLDER}/${name}`;
    if (await files.stat("recordings", stored)) continue;
    await files.add("recordings", stored, readFileSync(join(DEMO_AUDIO_SOURCE, name)), audioContentType(name));
  }
}
