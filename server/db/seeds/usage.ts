// Demo page visits: the mock's generated visits, ids and navigation ids included, so the usage
// report answers as the mock's does. The mock starts with no user setups, report uses, feedback or
// mail, and so does the server.
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import { insertChunked, resetIdentity, type DemoWorld } from "../seed.ts";

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
