// The file store (fileStore.ts) in the database: table stored_files, one row per file of an area.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { FileStore } from "./fileStore.ts";

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
