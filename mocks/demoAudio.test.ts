import { describe, expect, it } from "vitest";
import { DEMO_AUDIO_FILES } from "../demo/files.ts";
import { demoAudio } from "./demoAudio";

describe("demoAudio", () => {
  it("bundles each recording's audio as the MP3 file's bytes", () => {
    for (const file of DEMO_AUDIO_FILES) {
      const { contentType, bytes } = demoAudio(file);
      expect(contentType).toBe("audio/mpeg");
      expect(new TextDecoder().decode(bytes.slice(0, 3))).toBe("ID3");
      expect(bytes.length).toBeGreaterThan(10_000);
    }
  });
});
