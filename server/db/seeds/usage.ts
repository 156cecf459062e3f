// The demo world's page visits (the usage report), ids and navigation ids included. The world has no
// user setups, report uses, feedback or mail: staff make those.
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import type { DemoWorld } from "../../../demo/world.ts";
import { insertChunked, resetIdentity } from "../bulkWrite.ts";

export async function seedUsage(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  await insertChunked(world.pageVisits, (chunk) =>
    trx
      .insertInto("page_visits")
      .values(
        chunk.map((visit) => ({
          id: visit.id,
          user_id: visit.userId,
          visited_url: visit.visitedUrl,
          default_practice_id: visit.defualtPracticeId,
          token: visit.token,
          accessed_at: visit.accessedAt,
        })),
      )
      .execute(),
  );
  await resetIdentity(trx, "page_visits");
}
