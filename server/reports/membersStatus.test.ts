// @vitest-environment node
// The members status report and "send report to yourself" on the small fixed practice group of
// tests/support/reportsFixtureA.ts, against counts worked out by hand from its nine members:
//   SM-B  1 denta New Patient DQ ''        2 denta New Patient DQ Confirm   3 mcna Recare Future MC ''
//         4 tmhp New Patient TM ''         5 uhc Active UH ''
//   SM-a  6 uhc Recare No Future UH Appointment Made                       7 denta Recare Future DQ ''
//   FS-A  8 mcna New Patient MC ''         9 mcna Duplicate SubID MC ''
//   OT-Z  no members
// Runs on PGlite, and on PostgreSQL 15 with DATABASE_URL_TEST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { HttpError } from "../../contract/errors.ts";
import { membersStatusHandlers } from "./membersStatus.handlers.ts";
import type { MembersStatusCounts, MembersStatusQuery, MembersStatusRow } from "../../domain/reports/membersStatus.ts";
import { callerFor, callOf, freshTestDatabase, insertPracticeGroup, PRACTICE, servicesAt, USER } from "../../tests/support/reportsFixtureA.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
}, 60_000);
afterAll(() => database?.close());

const ZEROS: MembersStatusCounts = {
  New_Patient_DENTA: 0,
  New_Patient_MCNA: 0,
  New_Patient_UHC: 0,
  Recare_No_Future_Appointment_DENTA: 0,
  Recare_No_Future_Appointment_MCNA: 0,
  Recare_No_Future_Appointment_UHC: 0,
  Recare_Future_Appointment_DENTA: 0,
  Recare_Future_Appointment_MCNA: 0,
  Recare_Future_Appointment_UHC: 0,
  total: 0,
  extractedMembers: 0,
};
const counts = (cells: Partial<MembersStatusCounts>): MembersStatusCounts => ({ ...ZEROS, ...cells });
const ALL: MembersStatusQuery = { brand: "all", region: "all", practice: [], mco: "all", result: "all" };
const NOW = "2026-11-16T15:00:00Z";

const report = (query: Partial<MembersStatusQuery>) =>
  callOf(membersStatusHandlers.getMembersStatusReport, {
    query: { params: JSON.stringify({ ...ALL, ...query }) },
    services: servicesAt(database.db, NOW),
  });

describe("the members status report", () => {
  it("counts each practice's three groups by payer, their sum and every extracted member, sorted by code point", async () => {
    expect(await report({})).toEqual({
      rows: [
        { practice: "FS-A", practiceId: PRACTICE.fsA, ...counts({ New_Patient_MCNA: 1, total: 1, extractedMembers: 2 }) },
        {
          practice: "SM-B",
          practiceId: PRACTICE.smB,
          ...counts({ New_Patient_DENTA: 2, Recare_Future_Appointment_MCNA: 1, total: 3, extractedMembers: 5 }),
        },
        {
          practice: "SM-a",
          practiceId: PRACTICE.smLow,
          ...counts({ Recare_No_Future_Appointment_UHC: 1, Recare_Future_Appointment_DENTA: 1, total: 2, extractedMembers: 2 }),
        },
      ],
      totals: {
        practice: "Total",
        ...counts({
          New_Patient_DENTA: 2,
          New_Patient_MCNA: 1,
          Recare_No_Future_Appointment_UHC: 1,
          Recare_Future_Appointment_DENTA: 1,
          Recare_Future_Appointment_MCNA: 1,
          total: 6,
          extractedMembers: 9,
        }),
      },
    });
  });

  it("filters by brand: TMHP members are extracted but in no group", async () => {
    expect((await report({ brand: "tmhp" })).rows).toEqual([{ practice: "SM-B", practiceId: PRACTICE.smB, ...counts({ extractedMembers: 1 }) }]);
    expect((await report({ brand: "denta" })).rows).toEqual([
      { practice: "SM-B", practiceId: PRACTICE.smB, ...counts({ New_Patient_DENTA: 2, total: 2, extractedMembers: 2 }) },
      { practice: "SM-a", practiceId: PRACTICE.smLow, ...counts({ Recare_Future_Appointment_DENTA: 1, total: 1, extractedMembers: 1 }) },
    ]);
  });

  it("filters by region, by chosen practices and by MCO, together too", async () => {
    expect((await report({ region: "FSD" })).rows.map((row) => row.practice)).toEqual(["FS-A"]);
    expect((await report({ practice: [PRACTICE.smLow, PRACTICE.fsA] })).rows.map((row) => row.practice)).toEqual(["FS-A", "SM-a"]);
    expect((await report({ mco: "DQ" })).totals).toEqual({
      practice: "Total",
      ...counts({ New_Patient_DENTA: 2, Recare_Future_Appointment_DENTA: 1, total: 3, extractedMembers: 3 }),
    });
    expect((await report({ brand: "mcna", region: "SMD" })).rows).toEqual([
      { practice: "SM-B", practiceId: PRACTICE.smB, ...counts({ Recare_Future_Appointment_MCNA: 1, total: 1, extractedMembers: 1 }) },
    ]);
  });

  it("filters by result, '' being Blank", async () => {
    expect((await report({ result: "" })).rows).toEqual([
      { practice: "FS-A", practiceId: PRACTICE.fsA, ...counts({ New_Patient_MCNA: 1, total: 1, extractedMembers: 2 }) },
      {
        practice: "SM-B",
        practiceId: PRACTICE.smB,
        ...counts({ New_Patient_DENTA: 1, Recare_Future_Appointment_MCNA: 1, total: 2, extractedMembers: 4 }),
      },
      { practice: "SM-a", practiceId: PRACTICE.smLow, ...counts({ Recare_Future_Appointment_DENTA: 1, total: 1, extractedMembers: 1 }) },
    ]);
    expect((await report({ result: "Confirm" })).rows).toEqual([
      { practice: "SM-B", practiceId: PRACTICE.smB, ...counts({ New_Patient_DENTA: 1, total: 1, extractedMembers: 1 }) },
    ]);
  });

  it("answers no rows and zero totals for a practice without members, an unknown MCO and an id beyond any practice", async () => {
    const empty = { rows: [], totals: { practice: "Total", ...ZEROS } };
    expect(await report({ practice: [PRACTICE.otZ] })).toEqual(empty);
    expect(await report({ mco: "No Such MCO" })).toEqual(empty);
    expect(await report({ practice: [2_147_483_647] })).toEqual(empty);
  });

  it("refuses params that break the query schema, naming each field", async () => {
    const refused = await report({ brand: "acme" as MembersStatusQuery["brand"], practice: [0] }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 400 });
    expect((refused as HttpError).details?.map((detail) => detail.field)).toEqual(expect.arrayContaining(["params.brand", "params.practice.0"]));
  });
});

const ROW_A: MembersStatusRow = { practice: "SM-B", practiceId: 10, ...counts({ New_Patient_DENTA: 2, Recare_Future_Appointment_MCNA: 1, total: 3, extractedMembers: 5 }) };
const ROW_B: MembersStatusRow = { practice: 'A, "B"', practiceId: 11, ...counts({ New_Patient_UHC: 4, total: 4, extractedMembers: 4 }) };

describe("sendMembersReport", () => {
  const send = (data: string) =>
    callOf(membersStatusHandlers.sendMembersReport, { body: { data }, caller: callerFor(USER.id, USER.email), services: servicesAt(database.db, NOW) });
  const outbox = () => database.db.selectFrom("outbox").select(["to_address", "subject", "raw"]).orderBy("id").execute();

  it("puts one message to the caller in the outbox, with the table and the CSV file", async () => {
    const before = (await outbox()).length;
    expect(await send(JSON.stringify([ROW_A]))).toEqual({ message: "Report sent to caller@example.test" });
    const sent = (await outbox()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to_address: "caller@example.test", subject: "Members Status Report (1 practices)" });
    expect(sent[0]?.raw).toContain("Content-Type: text/html");
    expect(sent[0]?.raw).toMatch(/Content-Disposition: attachment; filename=MembersStatusReport\.csv/);
  });

  it("names the bad field and the row whose total is not its groups' sum, and sends nothing", async () => {
    const before = (await outbox()).length;
    const badCell = send(JSON.stringify([ROW_A, { ...ROW_B, New_Patient_UHC: "many" }]));
    await expect(badCell).rejects.toMatchObject({ statusCode: 400, details: [{ field: "data.1.New_Patient_UHC" }] });
    const badTotal = send(JSON.stringify([ROW_A, { ...ROW_B, total: 5 }]));
    await expect(badTotal).rejects.toMatchObject({ statusCode: 400, details: [{ field: "data.1.total", message: "must be the sum of the nine group cells" }] });
    await expect(send("[{oops")).rejects.toMatchObject({ statusCode: 400, details: [{ field: "data" }] });
    await expect(send('{"rows":[]}')).rejects.toMatchObject({ statusCode: 400, details: [{ field: "data" }] });
    expect(await outbox()).toHaveLength(before);
  });
});
