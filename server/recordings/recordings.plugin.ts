// The demo recordings' audio, put into the file store at start when the demo recordings are in the
// database (three small files every demo recording shares). Other recordings' audio is in the
// store, or still a file in RECORDINGS_DIR that moves into the store when first downloaded.
import type { Services } from "../services.ts";
import { DEMO_AUDIO_FOLDER, installDemoAudio } from "./storage.ts";

export async function setUpRecordingStorage(services: Services): Promise<void> {
  const demo = await services.db.selectFrom("call_recordings").select("id").where("file_path", "like", `${DEMO_AUDIO_FOLDER}/%`).limit(1).executeTakeFirst();
  if (demo) await installDemoAudio(services.files);
}
