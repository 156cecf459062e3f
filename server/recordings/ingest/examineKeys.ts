// What a page of the phone system's keys holds, from the listing alone (key and size): each key
// read under the layout, or why it cannot be taken in. Whether a key's bytes are audio is read
// afterwards (audioCheck.ts): no request per key while a page is taken in.
import type { KeyFacts, KeyLayout } from "../../../domain/recordings/keyLayout.ts";
import type { SourceObject } from "./recordingSource.ts";

/** openapi.yaml downloadCallRecording: the key a recording is downloaded by is at most 500 characters. */
const MAX_KEY_LENGTH = 500;

export type RefusalKind = "outside the layout" | "unknown practice" | "not audio" | "empty" | "no matching call" | "gone";

export type Examined = { object: SourceObject; facts: KeyFacts } | { object: SourceObject; kind: RefusalKind; reason: string };

export function examineKeys(layout: KeyLayout, timeZone: string, objects: readonly SourceObject[]): Examined[] {
  return objects.map((object): Examined => {
    if (object.key.length > MAX_KEY_LENGTH) return { object, kind: "outside the layout", reason: `longer than ${MAX_KEY_LENGTH} characters` };
    const facts = layout.read(object.key, timeZone);
    if ("refused" in facts) return { object, kind: "outside the layout", reason: facts.refused };
    if (object.size === 0) return { object, kind: "empty", reason: "the file is empty (0 bytes)" };
    return { object, facts };
  });
}
