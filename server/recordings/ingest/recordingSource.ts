// The phone system's place: a folder or a bucket prefix, read in key order so that a run lists only
// what comes after the last key the import took in (S3 ListObjectsV2's StartAfter; for a folder,
// the same order over a walk that skips whole folders before it). Keys are relative to the
// place; a recording's locator (`s3://bucket/prefix/key`, `file:///folder/key`) names its audio
// wherever the place is configured later.
import { ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { s3ErrorLine } from "../../files/s3Settings.ts";

export interface SourceObject {
  key: string;
  size: number;
}

export interface RecordingSource {
  /** What the import's cursor is kept under, and what its messages call the place. */
  name: string;
  /** Where the audio of a key is, for good. */
  locatorOf: (key: string) => string;
  /** Pages of at most `pageSize` keys after `after`, in key order. */
  pages: (after: string | undefined, pageSize: number) => AsyncGenerator<SourceObject[]>;
}

/** A place that cannot be listed or read: the run fails with this one line. */
export class SourceUnreadable extends Error {}

/** `s3://bucket/prefix` or a folder's path. */
export type SourcePlace = { kind: "s3"; bucket: string; prefix: string } | { kind: "folder"; folder: string };

export function sourcePlaceOf(text: string): SourcePlace {
  const s3 = /^s3:\/\/([^/]+)\/?(.*)$/.exec(text);
  if (s3) {
    const prefix = s3[2]!;
    return { kind: "s3", bucket: s3[1]!, prefix: prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/` };
  }
  return { kind: "folder", folder: resolve(text) };
}

export function s3Source(client: S3Client, bucket: string, prefix: string): RecordingSource {
  const name = `s3://${bucket}/${prefix}`;
  const failing = (error: unknown): never => {
    throw new SourceUnreadable(`${name} cannot be read: ${s3ErrorLine(error)}`);
  };
  return {
    name,
    locatorOf: (key) => `${name}${key}`,
    async *pages(after, pageSize) {
      // Each page starts after the last key of the one before: one way of going on, whether within a run or at the next.
      let last = after;
      for (;;) {
        const command = new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: pageSize, ...(last === undefined ? {} : { StartAfter: `${prefix}${last}` }) });
        const page = await client.send(command).catch(failing);
        const objects = (page.Contents ?? []).map((object) => ({ key: object.Key!.slice(prefix.length), size: Number(object.Size ?? 0) }));
        if (objects.length > 0) yield objects;
        if (!page.IsTruncated || objects.length === 0) return;
        last = objects.at(-1)!.key;
      }
    },
  };
}

/** Byte order of UTF-8, as S3 lists keys. */
const byKeyOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export function folderSource(folder: string): RecordingSource {
  const name = folder.endsWith("/") ? folder : `${folder}/`;
  const failing = (error: unknown): never => {
    throw new SourceUnreadable(`${name} cannot be read: ${(error as Error).message}`);
  };
  /** The files under `dir` (its key prefix `prefix`) after `after`, in key order: a folder sorts as its name and a slash. */
  async function* walk(dir: string, prefix: string, after: string | undefined): AsyncGenerator<SourceObject> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(failing);
    const named = entries
      .filter((entry) => entry.isFile() || entry.isDirectory())
      .map((entry) => ({ entry, key: `${prefix}${entry.name}${entry.isDirectory() ? "/" : ""}` }))
      .sort((a, b) => byKeyOrder(a.key, b.key));
    for (const { entry, key } of named) {
      if (entry.isDirectory()) {
        // Every key under a folder that sorts before the cursor, and is not the cursor's own, is before it too.
        if (after !== undefined && byKeyOrder(key, after) < 0 && !after.startsWith(key)) continue;
        yield* walk(join(dir, entry.name), key, after);
      } else if (after === undefined || byKeyOrder(key, after) > 0) {
        const { size } = await stat(join(dir, entry.name)).catch(failing);
        yield { key, size };
      }
    }
  }
  return {
    name,
    locatorOf: (key) => pathToFileURL(join(folder, key)).href,
    async *pages(after, pageSize) {
      let page: SourceObject[] = [];
      for await (const object of walk(folder, "", after)) {
        page.push(object);
        if (page.length === pageSize) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
  };
}
