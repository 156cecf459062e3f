// The file store (fileStore.ts) in an S3-compatible bucket (FILE_STORE=s3): each file is the object
// `<S3_PREFIX><area>/<name>`, typed by its Content-Type. An object appears whole or not at all, so
// a file being written is never seen half-written; a large one goes up in parts of 8 MB, memory
// holding one part, and a failed upload is aborted (its parts are dropped).
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3ServiceException,
  UploadPartCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import type { FileArea, FileStore } from "./fileStore.ts";
import { BucketUnavailableError, s3FailureOf, type S3Settings } from "./s3Settings.ts";

/** S3's parts are at least 5 MB (but the last); 8 MB keeps a 200 MB file to 25 requests. */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;

const missing = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound");

/** The total size of a ranged answer ("bytes 0-9/1234"), else its length. */
export const wholeSize = (contentRange: string | undefined, contentLength: number | undefined) => Number(contentRange?.split("/")[1] ?? contentLength ?? 0);

export function s3FileStore(client: S3Client, settings: S3Settings): FileStore {
  const Bucket = settings.bucket;
  const keyOf = (area: FileArea, name: string) => `${settings.prefix}${area}/${name}`;

  /** A call to the bucket; a failure other than a missing object is one line naming the bucket. */
  async function call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (missing(error)) throw error;
      throw new BucketUnavailableError(s3FailureOf(error, settings), { cause: error });
    }
  }
  async function orMissing<T>(send: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call(send);
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async function get(area: FileArea, name: string, range?: { start: number; end: number }) {
    return orMissing(() => client.send(new GetObjectCommand({ Bucket, Key: keyOf(area, name), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) })));
  }

  async function putParts(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<number> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async (content: Buffer) => {
      uploadId ??= (await call(() => client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType })))).UploadId;
      const PartNumber = parts.length + 1;
      const answer = await call(() => client.send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: content })));
      parts.push({ ETag: answer.ETag, PartNumber });
    };
    try {
      for await (const chunk of body) {
        pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        pendingBytes += chunk.byteLength;
        size += chunk.byteLength;
        if (pendingBytes >= UPLOAD_PART_BYTES) {
          const whole = Buffer.concat(pending);
          pending = [whole.subarray(UPLOAD_PART_BYTES)];
          pendingBytes = pending[0]!.byteLength;
          await sendPart(whole.subarray(0, UPLOAD_PART_BYTES));
        }
      }
      const rest = Buffer.concat(pending);
      if (uploadId === undefined) {
        await call(() => client.send(new PutObjectCommand({ Bucket, Key: key, Body: rest, ContentType: contentType })));
        return size;
      }
      if (rest.byteLength > 0) await sendPart(rest);
      await call(() => client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } })));
      return size;
    } catch (error) {
      if (uploadId !== undefined) await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }

  const store: FileStore = {
    kind: "s3",

    async put(area, name, content, contentType) {
      await call(() => client.send(new PutObjectCommand({ Bucket, Key: keyOf(area, name), Body: content, ContentType: contentType })));
    },

    putStream: (area, name, body, contentType) => putParts(keyOf(area, name), body, contentType),

    // Two instances adding the same name at once both write; add() is used for files that are the
    // same wherever they come from (the demo audio, a former folder's file), so either one stands.
    async add(area, name, content, contentType) {
      if (await store.stat(area, name)) return false;
      await store.put(area, name, content, contentType);
      return true;
    },

    async read(area, name, range) {
      const answer = await get(area, name, range);
      if (!answer?.Body) return undefined;
      const content = Buffer.from(await answer.Body.transformToByteArray());
      return { contentType: answer.ContentType ?? "application/octet-stream", size: wholeSize(answer.ContentRange, answer.ContentLength), content };
    },

    async open(area, name, range) {
      const answer = await get(area, name, range);
      if (!answer?.Body) return undefined;
      const body = answer.Body instanceof Readable ? answer.Body : Readable.fromWeb(answer.Body.transformToWebStream() as never);
      return { contentType: answer.ContentType ?? "application/octet-stream", size: wholeSize(answer.ContentRange, answer.ContentLength), body };
    },

    async stat(area, name) {
      const head = await orMissing(() => client.send(new HeadObjectCommand({ Bucket, Key: keyOf(area, name) })));
      return head && { contentType: head.ContentType ?? "application/octet-stream", size: head.ContentLength ?? 0 };
    },

    async remove(area, name) {
      if (!(await store.stat(area, name))) return false;
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(area, name) })));
      return true;
    },

    // ListObjects (version 1) with Marker: every S3-compatible server has it, and its pages need no
    // continuation token (the test server's version 2 tokens use a cipher OpenSSL 3 no longer offers).
    async list(area, { after, limit }) {
      const folder = keyOf(area, "");
      const answer = await call(() =>
        client.send(new ListObjectsCommand({ Bucket, Prefix: folder, MaxKeys: limit, ...(after !== undefined ? { Marker: folder + after } : {}) })),
      );
      // A key listed without its time counts as just stored: nothing removes it for its age.
      return (answer.Contents ?? []).map((object) => ({ name: object.Key!.slice(folder.length), size: object.Size ?? 0, storedAt: object.LastModified ?? new Date() }));
    },
  };
  return store;
}
