// The file store (fileStore.ts) in the database: table stored_files, one row per file of an area.
import { Readable } from "node:stream";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { ByteRange, FileArea, FileStore } from "./fileStore.ts";

/** Bytes a stream reads from the database in one query: a 200 MB file never sits whole in memory. */
const STREAM_CHUNK_BYTES = 1024 * 1024;

export function databaseFileStore(db: Kysely<Database>): FileStore {
  // substring on bytea counts from 1; only the asked bytes leave the database.
  async function bytesOf(area: FileArea, name: string, start: number, length: number): Promise<Buffer | undefined> {
    const row = await db
      .selectFrom("stored_files")
      .select(sql<Buffer>`substring(content from ${start + 1} for ${length})`.as("content"))
      .where("area", "=", area)
      .where("name", "=", name)
      .executeTakeFirst();
    return row?.content;
  }

  const store: FileStore = {
    kind: "database",

    async put(area, name, content, contentType) {
      const row = { area, name, content_type: contentType, size: content.byteLength, content: Buffer.from(content) };
      await db
        .insertInto("stored_files")
        .values(row)
        .onConflict((oc) => oc.columns(["area", "name"]).doUpdateSet({ content_type: contentType, size: row.size, content: row.content, stored_at: sql`now()` }))
        .execute();
    },

    // A bytea is one value: the database store takes the file whole (FILE_STORE=s3 streams it in parts).
    async putStream(area, name, body, contentType) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk));
      const content = Buffer.concat(chunks);
      await store.put(area, name, content, contentType);
      return content.byteLength;
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
      const content = range ? sql<Buffer>`substring(content from ${range.start + 1} for ${range.end - range.start + 1})` : sql<Buffer>`content`;
      const row = await db
        .selectFrom("stored_files")
        .select(["content_type", "size", content.as("content")])
        .where("area", "=", area)
        .where("name", "=", name)
        .executeTakeFirst();
      return row && { contentType: row.content_type, size: row.size, content: row.content };
    },

    async open(area, name, range) {
      const found = await store.stat(area, name);
      if (!found) return undefined;
      const { start, end }: ByteRange = range ?? { start: 0, end: found.size - 1 };
      async function* chunks() {
        for (let at = start; at <= end; at += STREAM_CHUNK_BYTES) {
          const chunk = await bytesOf(area, name, at, Math.min(STREAM_CHUNK_BYTES, end - at + 1));
          if (!chunk) throw new Error(`${area}/${name} was removed while it was read`);
          yield chunk;
        }
      }
      return { ...found, body: Readable.from(chunks(), { objectMode: false }) };
    },

    async stat(area, name) {
      const row = await db.selectFrom("stored_files").select(["content_type", "size"]).where("area", "=", area).where("name", "=", name).executeTakeFirst();
      return row && { contentType: row.content_type, size: row.size };
    },

    async remove(area, name) {
      const result = await db.deleteFrom("stored_files").where("area", "=", area).where("name", "=", name).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async list(area, { after, limit }) {
      let query = db.selectFrom("stored_files").select(["name", "size", "stored_at as storedAt"]).where("area", "=", area);
      if (after !== undefined) query = query.where(sql<boolean>`name collate "C" > ${after}`);
      return query.orderBy(sql`name collate "C"`).limit(limit).execute();
    },
  };
  return store;
}

/**
 * Up to `limit` files of the area after `after` (code point order, as the bucket lists keys), each
 * with its size and the MD5 of its bytes, computed by the database: only the digests leave it.
 */
export async function storedFilesWithChecksums(db: Kysely<Database>, area: FileArea, after: string | undefined, limit: number) {
  let query = db.selectFrom("stored_files").select(["name", "size", sql<string>`md5(content)`.as("md5")]).where("area", "=", area);
  if (after !== undefined) query = query.where(sql<boolean>`name collate "C" > ${after}`);
  return query.orderBy(sql`name collate "C"`).limit(limit).execute();
}
