// A small fixed practice group for the tests of the contact data, lead data, quality index and new
// patient origin reports: three practices whose abbreviations sort differently by code point than
// by locale ("A-One" < "B-Two" < "a-low"), a user and four members. Each test inserts the calls,
// leads or visits whose answers it computed by hand, and calls the report's handler as the app does.
import type { Kysely } from "kysely";
import { loadConfig } from "../../server/config.ts";
import { loadContract } from "../../server/contract.ts";
import type { Database } from "../../server/db/database.ts";
import type { Call, Handler, OperationId } from "../../server/handlers.ts";
import { jsonParamDecoder } from "../../server/jsonParams.ts";
import type { Services } from "../../server/services.ts";
import { databaseFileStore } from "../../server/files/storedFiles.repository.ts";
import { writeLane } from "../../server/db/writeLane.ts";

export { freshTestDatabase } from "./testDatabase.ts";

export const PRACTICE = { bTwo: 1, aOne: 2, aLow: 3 } as const;
/** Members: 1 and 3 of the payer denta, 2 and 4 of mcna. */
export const MEMBER = { m1: 1, m2: 2, m3: 3, m4: 4 } as const;

export async function insertPracticeGroup(db: Kysely<Database>): Promise<void> {
  await db.insertInto("regions").values({ id: 1, name: "SMD", brand_name: "Smile Magic" }).execute();
  await db
    .insertInto("practices")
    .values([
      { id: PRACTICE.bTwo, name: "B Two", abbr: "B-Two", region_id: 1, brands: ["denta", "mcna"] },
      { id: PRACTICE.aOne, name: "A One", abbr: "A-One", region_id: 1, brands: ["mcna"] },
      { id: PRACTICE.aLow, name: "a low", abbr: "a-low", region_id: 1, brands: ["denta"] },
    ])
    .execute();
  await db.insertInto("users").values({ id: 1, email: "caller@example.test", firstname: "Cal", lastname: "Ler", default_page: "/members", password_hash: null }).execute();
  const member = (id: number, practiceId: number, company: string) => ({
    id,
    company,
    subscriber_id: `S${id}`,
    pat_num: `P${id}`,
    mco: "MCO",
    first_name: "First",
    middle_name: "",
    last_name: `Last${id}`,
    practice_id: practiceId,
    address1: "1 Main St",
    city: "Houston",
    state: "TX",
    phone: "7135550100",
    date_of_birth: "2015-01-01",
    days_extracted: 1,
    entry_time: "2026-01-01T00:00:00Z",
  });
  await db
    .insertInto("members")
    .values([
      member(MEMBER.m1, PRACTICE.bTwo, "denta"),
      member(MEMBER.m2, PRACTICE.aOne, "mcna"),
      member(MEMBER.m3, PRACTICE.aLow, "denta"),
      member(MEMBER.m4, PRACTICE.bTwo, "mcna"),
    ])
    .execute();
  // Their Status is in member_visits, whose rows their insert made.
  await db.updateTable("member_visits").set({ status: "Active" }).execute();
}

const decodeJson = jsonParamDecoder(loadContract().document);

/** What a handler gets from the app, with the clock at `now` and the group in `timeZone`. */
export function servicesAt(db: Kysely<Database>, now: string, timeZone = "America/Chicago"): Services {
  return {
    db,
    // The engine freshTestDatabase opens.
    engine: process.env.DATABASE_URL_TEST ? "postgres" : "pglite",
    reads: () => ({ db, lagSeconds: 0 }),
    config: loadConfig({ NODE_ENV: "test", REPORT_TIME_ZONE: timeZone }),
    now: () => new Date(now),
    files: databaseFileStore(db),
    saves: writeLane(1),
    decodeJson,
    verifyIdToken: () => Promise.reject(new Error("no sign-in in report tests")),
  } as Services;
}

/** Calls a handler as the app does after validation: only the parts the report handlers read. */
export function callOf<K extends OperationId>(handler: Handler<K> | undefined, parts: Partial<Call<K>>) {
  if (!handler) throw new Error("the handler is missing");
  return handler(parts as Call<K>);
}
