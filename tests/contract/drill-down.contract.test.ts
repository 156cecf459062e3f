// Report drill-down: every count of the members status and priority status reports is a slice of
// the members list whose total_count is that count.
import { describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";
import { membersStatusSlice, prioritySlice, type MembersSlice } from "../../domain/reports/drillDown.ts";
import { COUNT_COLUMNS, type MembersStatusQuery } from "../../domain/reports/membersStatus.ts";

const backend = useBackend();

const listCount = async (slice: MembersSlice) => {
  const { status, body } = await backend.api.get("/Members/getMembersTableData", {
    token: backend.staff.token,
    query: { practice: slice.practice, status: slice.status, company: slice.brand, mco: slice.mco, result: slice.result, priority: slice.priority, pageSize: 15 },
  });
  expect(status).toBe(200);
  return body.total_count as number;
};

const statusReport = async (query: MembersStatusQuery) =>
  (await backend.api.get("/Members/members-status-report", { token: backend.staff.token, query: { params: JSON.stringify(query) } })).body;

describe("members status report drill-down", () => {
  it("lists exactly each count of two practices' rows and of the totals row", async () => {
    const query: MembersStatusQuery = { brand: "all", region: "all", practice: [], mco: "all", result: "all" };
    const { rows, totals } = await statusReport(query);
    for (const row of rows.slice(0, 2)) {
      for (const column of COUNT_COLUMNS) expect([column, await listCount(membersStatusSlice(query, [row.practiceId], column)!)]).toEqual([column, row[column]]);
    }
    const everyPractice = rows.map((row: { practiceId: number }) => row.practiceId);
    for (const column of ["total", "extractedMembers", "New_Patient_UHC"] as const) {
      expect(await listCount(membersStatusSlice(query, everyPractice, column)!)).toBe(totals[column]);
    }
  });

  it("carries the report's payer, MCO and Blank result into the slice", async () => {
    const query: MembersStatusQuery = { brand: "mcna", region: "all", practice: [], mco: "MCNA Dental Medicaid", result: "" };
    const { rows } = await statusReport(query);
    const row = rows[0];
    for (const column of ["Recare_No_Future_Appointment_MCNA", "total", "extractedMembers"] as const) {
      expect(await listCount(membersStatusSlice(query, [row.practiceId], column)!)).toBe(row[column]);
    }
  });
});

describe("priority status report drill-down", () => {
  it("lists exactly a location's sum and each of its priorities", async () => {
    const { body } = await backend.api.get("/report/priority-status-report", { token: backend.staff.token });
    const row = body.find((candidate: { sum: number }) => candidate.sum > 0);
    expect(await listCount(prioritySlice(row.practiceId))).toBe(row.sum);
    for (const priority of ["P1", "P2", "P3", "P4"] as const) expect(await listCount(prioritySlice(row.practiceId, priority))).toBe(row[priority]);
  });
});

describe("list filters of the drill-down", () => {
  it("refuses an unknown status in a list, or an unknown priority, naming the field", async () => {
    for (const query of [{ status: "New Patient,Sleeping" }, { company: "denta,acme" }, { priority: "P9" }]) {
      const { status, body } = await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query });
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain(Object.keys(query)[0]);
    }
  });
});
