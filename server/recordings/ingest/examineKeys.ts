// What a page of the phone system's keys holds: each key read under the layout and its audio
// checked by its first bytes (file-type), a few keys at once; or why it cannot be taken in.
import { fileTypeFromBuffer } from "file-type";
import type { KeyFacts, KeyLayout } from "../../../domain/recordings/keyLayout.ts";
import type { RecordingSource, SourceObject } from "./recordingSource.ts";

/** file-type reads at most this many bytes to tell a type. */
const SNIFF_BYTES = 4100;
/** Reads of first bytes at once: a page of 1,000 keys is 1,000 small GETs. */
const SNIFF_CONCURRENCY = 32;
/** openapi.yaml downloadCallRecording: the key a recording is downloaded by is at most 500 characters. */
const MAX_KEY_LENGTH = 500;

export type RefusalKind = "outside the layout" | "unknown practice" | "not audio" | "empty" | "no matching call";

export type Examined = { object: SourceObject; facts: KeyFacts } | { object: SourceObject; kind: RefusalKind; reason: string };

async function isAudio(source: RecordingSource, key: string): Promise<boolean> {
  const type = await fileTypeFromBuffer(await source.head(key, SNIFF_BYTES));
  return type?.mime.startsWith("audio/") ?? false;
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

export function examineKeys(source: RecordingSource, layout: KeyLayout, timeZone: string, objects: readonly SourceObject[]): Promise<Examined[]> {
  return mapConcurrently(objects, SNIFF_CONCURRENCY, async (object): Promise<Examined> => {
    if (object.key.length > MAX_KEY_LENGTH) return { object, kind: "outside the layout", reason: `longer than ${MAX_KEY_LENGTH} characters` };
    const facts = layout.read(object.key, timeZone);
    if ("refused" in facts) return { object, kind: "outside the layout", reason: facts.refused };
    if (object.size === 0) return { object, kind: "empty", reason: "the file is empty (0 bytes)" };
    if (!(await isAudio(source, object.key))) return { object, kind: "not audio", reason: "not an audio file (its first bytes are no known audio format)" };
    return { object, facts };
  });
}
