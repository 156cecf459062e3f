// The demo world's downtime of the applications (the app status tracker).
import type { Kysely } from "kysely";
import type { DemoWorld } from "../../../demo/world.ts";
import { resetIdentity } from "../bulkWrite.ts";
import type { Database } from "../database.ts";

export async function seedOpenIssues(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  await trx
    .insertInto("open_issues")
    .values(
      world.openIssues.map((issue) => ({
        id: issue.id,
        application: issue.application,
        down_time_start: issue.downTimeStart,
        what_is_down: issue.whatIsDown,
        what_to_do_mean_time: issue.whatToDoMeanTime,
        closed_at: issue.closedAt,
      })),
    )
    .execute();
  await resetIdentity(trx, "open_issues");
}
