// The file store the configuration names (FILE_STORE): the database's, or the bucket's. The bucket's
// client is made once per configuration and shared by every store of it (the server's, the
// outbox's in each transaction, a job's).
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { FileStore } from "./fileStore.ts";
import { s3FileStore } from "./s3FileStore.ts";
import { checkBucket, s3ClientFor, type FileStoreConfig } from "./s3Settings.ts";
import { databaseFileStore } from "./storedFiles.repository.ts";

/**
 * The configured store; with the database, the store of `db` as given (a transaction's, so that a
 * file is written with the rows that name it).
 */
export function fileStoreOf(config: { fileStore: FileStoreConfig }, db: Kysely<Database>): FileStore {
  const { fileStore } = config;
  return fileStore.kind === "s3" ? s3FileStore(s3ClientFor(fileStore.s3), fileStore.s3) : databaseFileStore(db);
}

/** The configured store, once its bucket (if any) has answered: a start fails with one line otherwise. */
export async function openFileStore(config: { fileStore: FileStoreConfig }, db: Kysely<Database>): Promise<FileStore> {
  if (config.fileStore.kind === "s3") await checkBucket(s3ClientFor(config.fileStore.s3), config.fileStore.s3);
  return fileStoreOf(config, db);
}
