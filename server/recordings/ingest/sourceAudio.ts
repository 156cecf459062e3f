// The audio of an imported recording, where the phone system wrote it (its locator:
// `s3://bucket/key` or `file:///folder/key`): streamed for the download link, removed by retention.
// A locator reads through the phone system's settings of today (RECORDINGS_S3_*).
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { open, rm, stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { ServerConfig } from "../../config.ts";
import type { ByteRange, OpenedFile, StoredFile } from "../../files/fileStore.ts";
import { wholeSize } from "../../files/s3FileStore.ts";
import { audioContentType } from "../storage.ts";
import { s3ClientFor } from "../../files/s3Settings.ts";

type Place = { kind: "s3"; bucket: string; key: string } | { kind: "file"; path: string };

function placeOf(locator: string): Place {
  const s3 = /^s3:\/\/([^/]+)\/(.+)$/.exec(locator);
  if (s3) return { kind: "s3", bucket: s3[1]!, key: s3[2]! };
  return { kind: "file", path: fileURLToPath(locator) };
}

const clientOf = (config: Pick<ServerConfig, "recordingSource">) => {
  if (!config.recordingSource) throw new Error("the phone system's bucket is not configured (RECORDINGS_S3_*)");
  return s3ClientFor(config.recordingSource.s3);
};

const isMissing = (error: unknown) => ["NoSuchKey", "NotFound", "ENOENT"].includes((error as { name?: string; code?: string }).code ?? (error as Error).name);

/**
 * The audio (or the bytes of `range`) as a stream, read from the folder or the bucket as it is
 * sent: a long recording never sits whole in memory. Undefined when it is gone.
 */
export async function openSourceAudio(config: Pick<ServerConfig, "recordingSource">, locator: string, range?: ByteRange): Promise<OpenedFile | undefined> {
  const place = placeOf(locator);
  const contentType = audioContentType(locator);
  try {
    if (place.kind === "file") {
      const file = await open(place.path);
      const { size } = await file.stat();
      return { contentType, size, body: file.createReadStream(range ? { start: range.start, end: range.end } : {}) };
    }
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    const object = await clientOf(config).send(new GetObjectCommand({ Bucket: place.bucket, Key: place.key, Range }));
    return { contentType, size: wholeSize(object.ContentRange, object.ContentLength), body: object.Body as Readable };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Size and type; undefined when it is gone. */
export async function statSourceAudio(config: Pick<ServerConfig, "recordingSource">, locator: string): Promise<Omit<StoredFile, "content"> | undefined> {
  const place = placeOf(locator);
  const contentType = audioContentType(locator);
  try {
    if (place.kind === "file") return { contentType, size: (await stat(place.path)).size };
    const head = await clientOf(config).send(new HeadObjectCommand({ Bucket: place.bucket, Key: place.key }));
    return { contentType, size: Number(head.ContentLength ?? 0) };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Deletes the audio where the phone system wrote it; whether it was there. */
export async function removeSourceAudio(config: Pick<ServerConfig, "recordingSource">, locator: string): Promise<boolean> {
  const place = placeOf(locator);
  if (place.kind === "file") {
    try {
      await rm(place.path);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
  const found = await statSourceAudio(config, locator);
  await clientOf(config).send(new DeleteObjectCommand({ Bucket: place.bucket, Key: place.key }));
  return found !== undefined;
}
