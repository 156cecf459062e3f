// The demo recordings' audio, put into the file store at start when the demo recordings are in the
// database (three small files every demo recording shares). Other recordings' audio is in the
// store, or still a file in RECORDINGS_DIR that moves into the store when first downloaded.
import type { Services } from "../services.ts";
import { DEMO_AUDIO_FOLDER, installDemoAudio } from "./storage.ts";
import { hasRecordingsIn } from "./recordings.repository.ts";

export async function setUpRecordingStorage(services: Services): Promise<void> {
  if (await hasRecordingsIn(services.db, DEMO_AUDIO_FOLDER)) await installDemoAudio(services.files);
}
