// The files the server keeps (docs/architecture.md, Mail and files): call-recording audio, help
// videos and PDFs, and queued mail. Behind one small interface so that where they live is one
// decision; the implementation is the database (storedFiles.repository.ts, table stored_files,
// migration 0014), so that every instance on one PostgreSQL serves every file, and a PostgreSQL
// backup holds them. The embedded PGlite default stores them the same way, in its data folder.
import type { StoredFilesTable } from "../db/database.ts";

export type FileArea = StoredFilesTable["area"];

export interface StoredFile {
  contentType: string;
  /** The whole file's size in bytes, whatever part was read. */
  size: number;
  content: Buffer;
}

/** Bytes `start` to `end`, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  /** Stores the file under its name, replacing one there. */
  put(area: FileArea, name: string, content: Uint8Array, contentType: string): Promise<void>;
  /** Stores the file unless one of that name is there; whether it was stored. */
  add(area: FileArea, name: string, content: Uint8Array, contentType: string): Promise<boolean>;
  /** The file, or only the bytes of `range`; undefined when there is none. */
  read(area: FileArea, name: string, range?: ByteRange): Promise<StoredFile | undefined>;
  /** Size and type without the content; undefined when there is none. */
  stat(area: FileArea, name: string): Promise<Omit<StoredFile, "content"> | undefined>;
  remove(area: FileArea, name: string): Promise<boolean>;
}
