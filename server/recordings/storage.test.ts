// @vitest-environment node
// The recordings folder: a temporary one for in-memory data, removed on close; the demo audio
// copied once, byte for byte; stored paths kept inside the folder.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEMO_AUDIO_FOLDER, installDemoAudio, openRecordingStorage, storedFilePath } from "./storage.ts";

const DEMO_SOURCE = fileURLToPath(new URL("../../demo/files/recordings", import.meta.url));

describe("the recordings folder", () => {
  it("is a temporary folder without a configured one, removed on close", () => {
    const storage = openRecordingStorage(undefined);
    expect(existsSync(storage.dir)).toBe(true);
    storage.close();
    expect(existsSync(storage.dir)).toBe(false);
  });

  it("gets the three demo files, byte for byte, and keeps a file already there", () => {
    const storage = openRecordingStorage(undefined);
    try {
      const kept = join(storage.dir, DEMO_AUDIO_FOLDER, "inbound-call.mp3");
      installDemoAudio(storage.dir);
      writeFileSync(kept, "replaced by an operator");
      installDemoAudio(storage.dir);
      const names = readdirSync(join(storage.dir, DEMO_AUDIO_FOLDER)).sort();
      expect(names).toEqual(["inbound-call.mp3", "new-patient-welcome.mp3", "recare-voicemail.mp3"]);
      const copied = readFileSync(join(storage.dir, DEMO_AUDIO_FOLDER, "recare-voicemail.mp3"));
      expect(copied.equals(readFileSync(join(DEMO_SOURCE, "recare-voicemail.mp3")))).toBe(true);
      expect(readFileSync(kept, "utf8")).toBe("replaced by an operator");
    } finally {
      storage.close();
    }
  });

  it("resolves stored paths inside the folder only", () => {
    expect(storedFilePath("/srv/recordings", "2026-11-16/SM-A/a.mp3")).toBe("/srv/recordings/2026-11-16/SM-A/a.mp3");
    expect(storedFilePath("/srv/recordings", "../secrets/a.mp3")).toBeUndefined();
    expect(storedFilePath("/srv/recordings", "/etc/passwd")).toBeUndefined();
    expect(storedFilePath("/srv/recordings", "")).toBeUndefined();
  });
});
