// A small fixed practice group for the tests of the members status, priority status and deleted
// appointments reports: the four regions (3CD without practices), four practices whose
// abbreviations sort differently by code point than by locale ("FS-A" < "OT-Z" < "SM-B" < "SM-a"),
// OT-Z without members, two users and nine members spread over statuses, payers, MCOs and results.
// Each test inserts what else it needs and compares the report with answers computed by hand.
import type { Kysely } from "kysely";
import { loadConfig } from "../../server/config.ts";
import { loadContract } from "../../server/contract.ts";
import type { Database } from "../../server/db/database.ts";
import type { Call, Caller, Handler, OperationId } from "../../server/handlers.ts";
import { jsonParamDecoder } from "../../server/jsonParams.ts";
import type { Services } from "../../server/services.ts";
import { databaseFileStore } from "../../server/files/storedFiles.repository.ts";
import { writeLane } from "../../server/db/writeLane.ts";

export { freshTestDatabase } from "./testDatabase.ts";

export const PRACTICE = { smB: 10, smLow: 11, fsA: 12, otZ: 13 } as const;
export const USER = { id: 1, email: "caller@example.test" } as const;

export async function insertPracticeGroup(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("regions")
    .values([
      { id: 1, name: "SMD", brand_name: "Smile Magic" },
      { id: 2, name: "FSD", brand_name: "Family Smiles" },
      { id: 3, name: "OTD", brand_name: "Other" },
      { id: 4, name: "3CD", brand_name: "3C" },
    ])
    .execute();
  await db
    .insertInto("practices")
    .values([
      { id: PRACTICE.smB, name: "SM B", abbr: "SM-B", region_id: 1, brands: [] },
      { id: PRACTICE.smLow, name: "SM a", abbr: "SM-a", region_id: 1, brands: [] },
      { id: PRACTICE.fsA, name: "FS A", abbr: "FS-A", region_id: 2, brands: [] },
      { id: PRACTICE.otZ, name: "OT Z", abbr: "OT-Z", region_id: 3, brands: [] },
    ])
    .execute();
  await db
    .insertInto("users")
    .values([
      { id: USER.id, email: USER.email, firstname: "Cal", lastname: "Ler", default_page: "/members", password_hash: null },
      { id: 2, email: "other@example.test", firstname: "Oth", lastname: "Er", default_page: "/members", password_hash: null },
    ])
    .execute();
  const member = (id: number, practiceId: number, company: string, status: string, mco: string, result: string) => ({
    id,
    company,
    subscriber_id: `S${id}`,
    pat_num: `P${id}`,
    mco,
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
    status,
    entry_time: "2026-01-01T00:00:00Z",
    result,
  });
  const members = [
    member(1, PRACTICE.smB, "denta", "New Patient", "DQ", ""),
    member(2, PRACTICE.smB, "denta", "New Patient", "DQ", "Confirm"),
    member(3, PRACTICE.smB, "mcna", "Recare Future Appointment", "MC", ""),
    member(4, PRACTICE.smB, "tmhp", "New Patient", "TM", ""),
    member(5, PRACTICE.smB, "uhc", "Active", "UH", ""),
    member(6, PRACTICE.smLow, "uhc", "Recare No Future Appointment", "UH", "Appointment Made"),
    member(7, PRACTICE.smLow, "denta", "Recare Future Appointment", "DQ", ""),
    member(8, PRACTICE.fsA, "mcna", "New Patient", "MC", ""),
    member(9, PRACTICE.fsA, "mcna", "Duplicate SubID", "MC", ""),
  ];
  await db.insertInto("members").values(members.map(({ result: _result, status: _status, ...row }) => row)).execute();
  // A member's result is in member_work and its Status in member_visits, whose rows its insert made.
  for (const { id, result } of members.filter((row) => row.result !== "")) await db.updateTable("member_work").set({ result }).where("member_id", "=", id).execute();
  for (const { id, status } of members) await db.updateTable("member_visits").set({ status }).where("member_id", "=", id).execute();
}

const decodeJson = jsonParamDecoder(loadContract().document);

/** What a handler gets from the app: the clock at `now`, days of `timeZone`, mail to the outbox table only. */
export function servicesAt(db: Kysely<Database>, now: string, timeZone = "America/Chicago"): Services {
  return {
    db,
    // The engine freshTestDatabase opens.
    engine: process.env.DATABASE_URL_TEST ? "postgres" : "pglite",
    reads: () => ({ db, lagSeconds: 0 }),
    config: loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", REPORT_TIME_ZONE: timeZone }),
    now: () => new Date(now),
    files: databaseFileStore(db),
    saves: writeLane(1),
    decodeJson,
    verifyIdToken: () => Promise.reject(new Error("no sign-in in report tests")),
  } as Services;
}

/** The signed-in caller of a handler call (only the user is read). */
export const callerFor = (id: number, email: string) => ({ user: { id, email } }) as Caller;

/** Calls a handler as the app does after validation, with the parts the handlers read. */
export function callOf<K extends OperationId>(handler: Handler<K> | undefined, parts: Partial<Call<K>>) {
  if (!handler) throw new Error("the handler is missing");
  const reply = { code: () => reply };
  return handler({ request: { ip: "127.0.0.1" }, reply, ...parts } as unknown as Call<K>);
}
