// @vitest-environment node
// The demo audio in the file store: stored once, byte for byte, and never over a file already there.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { databaseFileStore } from "../files/storedFiles.repository.ts";
import { installDemoAudio } from "./storage.ts";

const DEMO_SOURCE = fileURLToPath(new URL("../../demo/files/recordings", import.meta.url));
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await migrateToLatest(database.db);
}, 60_000);
afterAll(() => database?.close());

describe("the demo audio", () => {
  it("is stored byte for byte under demo/, and a file already there is kept", async () => {
    const files = databaseFileStore(database.db);
    await files.put("recordings", "demo/inbound-call.mp3", Buffer.from("replaced by an operator"), "audio/mpeg");
    await installDemoAudio(files);
    await installDemoAudio(files);
    const names = await database.db.selectFrom("stored_files").select("name").where("area", "=", "recordings").orderBy("name").execute();
    expect(names.map((row) => row.name)).toEqual(["demo/inbound-call.mp3", "demo/new-patient-welcome.mp3", "demo/recare-voicemail.mp3"]);
    const copied = await files.read("recordings", "demo/recare-voicemail.mp3");
    expect(copied?.content.equals(readFileSync(`${DEMO_SOURCE}/recare-voicemail.mp3`))).toBe(true);
    expect(copied?.contentType).toBe("audio/mpeg");
    expect((await files.read("recordings", "demo/inbound-call.mp3"))?.content.toString()).toBe("replaced by an operator");
  });
});
