// Whether imported recordings are audio, by their first bytes (file-type): a ranged read of each,
// a few at once, after the import took them in from the listing. A run checks at most
// AUDIO_CHECKS_PER_RUN, oldest first, so that a backlog (a first import of months of calls) is
// listed at the listing's pace and checked over the runs after it; a recording found not to be
// audio, or gone, is removed with why.
import { fileTypeFromBuffer } from "file-type";
import type { ServerConfig } from "../../config.ts";
import { s3ErrorLine } from "../../files/s3Settings.ts";
import type { RefusalKind } from "./examineKeys.ts";
import { SourceUnreadable } from "./recordingSource.ts";
import type { UncheckedRecording } from "./recordingImport.repository.ts";
import { openSourceAudio } from "./sourceAudio.ts";

/** file-type reads at most this many bytes to tell a type. */
const SNIFF_BYTES = 4100;
/** Ranged reads at once. */
const CHECK_CONCURRENCY = 32;
/** Recordings a run checks: a steady day's 5 minutes of calls many times over, a few seconds of reads. */
export const AUDIO_CHECKS_PER_RUN = 1000;

export interface AudioVerdict {
  recording: UncheckedRecording;
  refused?: { kind: RefusalKind; reason: string };
}

/** Maps the items `concurrency` at a time, keeping their order. */
async function mapConcurrently<T, R>(items: readonly T[], concurrency: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

async function firstBytes(config: Pick<ServerConfig, "recordingSource">, locator: string): Promise<Uint8Array | undefined> {
  try {
    const file = await openSourceAudio(config, locator, { start: 0, end: SNIFF_BYTES - 1 });
    return file && Buffer.concat(await file.body.toArray());
  } catch (error) {
    throw new SourceUnreadable(`${locator} cannot be read: ${s3ErrorLine(error)}`);
  }
}

export function checkAudio(config: Pick<ServerConfig, "recordingSource">, recordings: readonly UncheckedRecording[]): Promise<AudioVerdict[]> {
  return mapConcurrently(recordings, CHECK_CONCURRENCY, async (recording): Promise<AudioVerdict> => {
    const bytes = await firstBytes(config, recording.locator);
    if (!bytes) return { recording, refused: { kind: "gone", reason: "the file is no longer in the phone system's place" } };
    const type = await fileTypeFromBuffer(bytes);
    if (!type?.mime.startsWith("audio/")) return { recording, refused: { kind: "not audio", reason: "not an audio file (its first bytes are no known audio format)" } };
    return { recording };
  });
}
