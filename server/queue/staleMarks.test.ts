// @vitest-environment node
// A member's queue state is worked out again when what it is worked out from changes on `members`
// (Status, phone, state, practice, last visit, patient number): one statement changing many members
// marks exactly those whose columns changed, and a change of any other column marks none.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { seededPGlite } from "../../tests/support/testDatabase.ts";

let database: DatabaseHandle;
let ids: number[];

beforeAll(async () => {
  database = await seededPGlite();
  ids = (await database.db.selectFrom("members").select("id").orderBy("id").limit(30).execute()).map((row) => row.id);
}, 120_000);
afterAll(() => database?.close());

const freshAll = () => database.db.updateTable("queue_state").set({ stale: false }).where("member_id", "in", ids).execute();
const staleOnes = async () =>
  (await database.db.selectFrom("queue_state").select("member_id").where("member_id", "in", ids).where("stale", "=", true).orderBy("member_id").execute()).map(
    (row) => row.member_id,
  );

describe("queue states marked stale by members' updates", () => {
  it("marks the members whose Status or last visit one statement changed, and only them", async () => {
    await freshAll();
    const changed = ids.slice(0, 10);
    await sql`update member_visits set status = case when member_id = any(${changed}::int[]) then 'Recare Future Appointment' else status end,
                                 last_visit = case when member_id = any(${changed}::int[]) then date '2026-01-02' else last_visit end
               where member_id = any(${ids}::int[])`.execute(database.db);
    expect(await staleOnes()).toEqual(changed);
  });

  it("marks a member whose phone, state, practice or patient number changed", async () => {
    await freshAll();
    await database.db.updateTable("members").set({ phone: "(713) 555-0199" }).where("id", "=", ids[11]!).execute();
    await database.db.updateTable("members").set({ state: "NV" }).where("id", "=", ids[12]!).execute();
    await database.db.updateTable("members").set({ practice_id: 2 }).where("id", "=", ids[13]!).execute();
    await database.db.updateTable("members").set({ pat_num: "PN-STALE-14" }).where("id", "=", ids[14]!).execute();
    expect(await staleOnes()).toEqual(ids.slice(11, 15));
  });

  it("marks none when other columns change", async () => {
    await freshAll();
    await database.db.updateTable("members").set({ first_name: "Renamed" }).where("id", "in", ids).execute();
    await database.db.updateTable("member_visits").set({ next_apt: new Date("2027-01-05T15:00:00Z") }).where("member_id", "in", ids).execute();
    expect(await staleOnes()).toEqual([]);
  });
});
