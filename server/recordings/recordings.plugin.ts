// The recordings folder of the app: opened at start (with the demo audio when the demo recordings
// are in the database), available to the handlers as `app.recordingStorage`, closed with the app.
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { DEMO_AUDIO_FOLDER, installDemoAudio, openRecordingStorage, type RecordingStorage } from "./storage.ts";

declare module "fastify" {
  interface FastifyInstance {
    recordingStorage: RecordingStorage;
  }
}

export async function setUpRecordingStorage(app: FastifyInstance, config: ServerConfig, db: Kysely<Database>): Promise<void> {
  const storage = openRecordingStorage(config.recordingsDir);
  app.decorate("recordingStorage", storage);
  app.addHook("onClose", async () => storage.close());
  const demo = await db.selectFrom("call_recordings").select("id").where("file_path", "like", `${DEMO_AUDIO_FOLDER}/%`).limit(1).executeTakeFirst();
  if (demo) installDemoAudio(storage.dir);
}
