// The files the server keeps (docs/architecture.md, Mail and files): call-recording audio, help
// videos and PDFs, and queued mail. Behind one small interface so that where they live is one
// decision; the implementation is the database (table stored_files, migration 0014), so that every
// instance on one PostgreSQL serves every file, and a PostgreSQL backup holds them. The embedded
// PGlite default stores them the same way, in its data folder.
import { sql, type Kysely } from "kysely";
import type { Database, StoredFilesTable } from "../db/database.ts";

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

export function databaseFileStore(db: Kysely<Database>): FileStore {
  return {
    async put(area, name, content, contentType) {
      const row = { area, name, content_type: contentType, size: content.byteLength, content: Buffer.from(content) };
      await db
        .insertInto("stored_files")
        .values(row)
        .onConflict((oc) => oc.columns(["area", "name"]).doUpdateSet({ content_type: contentType, size: row.size, content: row.content }))
        .execute();
    },

    async add(area, name, content, contentType) {
      const added = await db
        .insertInto("stored_files")
        .values({ area, name, content_type: contentType, size: content.byteLength, content: Buffer.from(content) })
        .onConflict((oc) => oc.columns(["area", "name"]).doNothing())
        .returning("name")
        .executeTakeFirst();
      return added !== undefined;
    },

    async read(area, name, range) {
      // substring on bytea counts from 1; only the asked bytes leave the database.
      const content = range ? sql<Buffer>`substring(content from ${range.start + 1} for ${range.end - range.start + 1})` : sql<Buffer>`content`;
      const row = await db
        .selectFrom("stored_files")
        .select(["content_type", "size", content.as("content")])
        .where("area", "=", area)
        .where("name", "=", name)
        .executeTakeFirst();
      return row && { contentType: row.content_type, size: row.size, content: row.content };
    },

    async stat(area, name) {
      const row = await db.selectFrom("stored_files").select(["content_type", "size"]).where("area", "=", area).where("name", "=", name).executeTakeFirst();
      return row && { contentType: row.content_type, size: row.size };
    },

    async remove(area, name) {
      const result = await db.deleteFrom("stored_files").where("area", "=", area).where("name", "=", name).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
