// `npm run files -- migrate --to s3`: copies every file of the database's store (every area) to the
// bucket of the S3_* settings, while the server goes on serving from the database. A file is
// checked once it is in the bucket: the same size, and the same MD5 as the database computes from
// its bytes (a single upload's ETag is that MD5; a file sent in parts is read back and hashed).
// Nothing is deleted from the database, so a stop anywhere loses nothing: an upload cut off leaves
// no object (a part upload is aborted or never completed), and the next run skips what the bucket
// already holds with that size and checksum, so nothing moves twice. Run it again just before
// switching to FILE_STORE=s3 to copy what came in since.
import { createHash } from "node:crypto";
import { HeadObjectCommand, S3ServiceException, type S3Client } from "@aws-sdk/client-s3";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { FILE_AREAS, type FileArea } from "./fileStore.ts";
import { s3FileStore } from "./s3FileStore.ts";
import type { S3Settings } from "./s3Settings.ts";
import { databaseFileStore, storedFilesWithChecksums } from "./storedFiles.repository.ts";

/** Files listed (and hashed by the database) at a time. */
const PAGE_SIZE = 100;

export interface MigrationCounts {
  copied: number;
  /** In the bucket already, with the same size and checksum. */
  alreadyThere: number;
  /** Copied but not read back the same: removed from the bucket, to be copied by the next run. */
  mismatched: string[];
  bytes: number;
}

export interface MigrationOptions {
  /** Stops after the file being copied. */
  signal?: AbortSignal;
  /** Told after each file: its area, name and what became of it. */
  onFile?: (file: { area: FileArea; name: string; outcome: "copied" | "already there" | "mismatched" }) => Promise<void> | void;
}

const md5Of = async (chunks: AsyncIterable<Uint8Array>) => {
  const hash = createHash("md5");
  for await (const chunk of chunks) hash.update(chunk);
  return hash.digest("hex");
};

export function migrateToBucket(db: Kysely<Database>, client: S3Client, settings: S3Settings) {
  const source = databaseFileStore(db);
  const target = s3FileStore(client, settings);

  /** The object's size and MD5 as the bucket holds it, or undefined when there is none. */
  async function bucketCopyOf(area: FileArea, name: string): Promise<{ size: number; md5: () => Promise<string> } | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: `${settings.prefix}${area}/${name}` }));
      const etag = (head.ETag ?? "").replaceAll('"', "");
      // A multipart object's ETag is not its MD5 ("…-3"): its bytes are read back.
      const readBack = async () => {
        const opened = await target.open(area, name);
        return opened ? md5Of(opened.body) : "";
      };
      const md5 = /^[0-9a-f]{32}$/.test(etag) ? async () => etag : readBack;
      return { size: Number(head.ContentLength ?? 0), md5 };
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  const holds = async (area: FileArea, name: string, size: number, md5: string) => {
    const copy = await bucketCopyOf(area, name);
    return copy !== undefined && copy.size === size && (await copy.md5()) === md5;
  };

  return async function migrate(options: MigrationOptions = {}): Promise<MigrationCounts> {
    const counts: MigrationCounts = { copied: 0, alreadyThere: 0, mismatched: [], bytes: 0 };
    for (const area of FILE_AREAS) {
      let after: string | undefined;
      for (;;) {
        const page = await storedFilesWithChecksums(db, area, after, PAGE_SIZE);
        for (const file of page) {
          if (options.signal?.aborted) return counts;
          let outcome: "copied" | "already there" | "mismatched";
          if (await holds(area, file.name, file.size, file.md5)) {
            outcome = "already there";
            counts.alreadyThere += 1;
          } else {
            const opened = await source.open(area, file.name);
            // Removed from the database since it was listed (a sent mail's attachment): nothing to copy.
            if (!opened) continue;
            await target.putStream(area, file.name, opened.body, opened.contentType);
            if (await holds(area, file.name, file.size, file.md5)) {
              outcome = "copied";
              counts.copied += 1;
              counts.bytes += file.size;
            } else {
              await target.remove(area, file.name);
              outcome = "mismatched";
              counts.mismatched.push(`${area}/${file.name}`);
            }
          }
          await options.onFile?.({ area, name: file.name, outcome });
        }
        if (page.length < PAGE_SIZE) break;
        after = page.at(-1)!.name;
      }
    }
    return counts;
  };
}
