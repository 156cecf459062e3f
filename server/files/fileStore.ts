// The files the server keeps (docs/architecture.md, Mail and files): call-recording audio, help
// videos and PDFs, member files being imported and queued mail. Behind one small interface so that
// where they live is one decision (FILE_STORE): the database by default (storedFiles.repository.ts,
// table stored_files, migration 0014), so that every instance on one PostgreSQL serves every file
// and a PostgreSQL backup holds them, the embedded PGlite the same way in its data folder; or an
// S3-compatible bucket (s3FileStore.ts) when the files outgrow the database's backups.
import type { Readable } from "node:stream";
import type { StoredFilesTable } from "../db/database.ts";

export type FileArea = StoredFilesTable["area"];
export const FILE_AREAS: readonly FileArea[] = ["recordings", "help", "outbox", "imports"];

export interface StoredFile {
  contentType: string;
  /** The whole file's size in bytes, whatever part was read. */
  size: number;
  content: Buffer;
}

/** A file being read: its bytes (or those of the range) come as they are read, never all held at once. */
export interface OpenedFile {
  contentType: string;
  /** The whole file's size in bytes. */
  size: number;
  body: Readable;
}

/** Bytes `start` to `end`, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ListedFile {
  name: string;
  size: number;
  /** When it was last stored. */
  storedAt: Date;
}

export interface FileStore {
  /** Which store it is (FILE_STORE). */
  readonly kind: "database" | "s3";
  /** Stores the file under its name, replacing one there. */
  put(area: FileArea, name: string, content: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores a file read from a stream, replacing one there; its size. The bucket takes it in parts
   * (memory holds one), the database whole; a failed stream leaves nothing behind.
   */
  putStream(area: FileArea, name: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  /** Stores the file unless one of that name is there; whether it was stored. */
  add(area: FileArea, name: string, content: Uint8Array, contentType: string): Promise<boolean>;
  /** The file, or only the bytes of `range`; undefined when there is none. */
  read(area: FileArea, name: string, range?: ByteRange): Promise<StoredFile | undefined>;
  /** The file (or the bytes of `range`) as a stream; undefined when there is none. */
  open(area: FileArea, name: string, range?: ByteRange): Promise<OpenedFile | undefined>;
  /** Size and type without the content; undefined when there is none. */
  stat(area: FileArea, name: string): Promise<Omit<StoredFile, "content"> | undefined>;
  remove(area: FileArea, name: string): Promise<boolean>;
  /** Up to `limit` files of the area named after `after` (code point order), in that order. */
  list(area: FileArea, page: { after?: string | undefined; limit: number }): Promise<ListedFile[]>;
}
