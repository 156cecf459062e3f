// The members status report and "send report to yourself".
import { describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";

const backend = useBackend();

const GROUP_CELLS = ["New_Patient", "Recare_No_Future_Appointment", "Recare_Future_Appointment"].flatMap((group) =>
  ["DENTA", "MCNA", "UHC"].map((payer) => `${group}_${payer}`),
);
const COLUMNS = [...GROUP_CELLS, "total", "extractedMembers"];
const ALL = { brand: "all", region: "all", practice: [] as number[], mco: "all", result: "all" };

const report = (params: unknown) =>
  backend.api.get("/Members/members-status-report", {
    token: backend.staff.token,
    query: { params: typeof params === "string" ? params : JSON.stringify(params) },
  });

describe("GET /Members/members-status-report", () => {
  it("answers one row per practice, each total the sum of its nine group cells, and a totals row of column sums", async () => {
    const { status, body } = await report(ALL);
    expect(status).toBe(200);
    expect(body.rows.length).toBeGreaterThan(1);
    for (const row of body.rows) {
      expect(row.total).toBe(GROUP_CELLS.reduce((sum, cell) => sum + row[cell], 0));
      expect(row.extractedMembers).toBeGreaterThanOrEqual(row.total);
    }
    for (const column of COLUMNS) {
      expect(body.totals[column]).toBe(body.rows.reduce((sum: number, row: any) => sum + row[column], 0));
    }
    expect(body.totals.practice).toBe("Total");
    const names = body.rows.map((row: any) => row.practice);
    expect(names).toEqual([...names].sort());
  });

  it("shows totals that differ from extracted, as members lie outside the three groups", async () => {
    const { body } = await report(ALL);
    expect(body.totals.extractedMembers).toBeGreaterThan(body.totals.total);
  });

  it("gives just the chosen practice's row, the same as in the full report", async () => {
    const full = (await report(ALL)).body;
    const chosen = full.rows[1];
    const { status, body } = await report({ ...ALL, practice: [chosen.practiceId] });
    expect(status).toBe(200);
    expect(body.rows).toEqual([chosen]);
    expect(body.totals).toEqual({ ...chosen, practice: "Total", practiceId: undefined });
  });

  it("splits the whole report by region without losing or double-counting a member", async () => {
    const full = (await report(ALL)).body;
    const byRegion = await Promise.all(["SMD", "FSD", "OTD", "3CD"].map((region) => report({ ...ALL, region })));
    for (const column of COLUMNS) {
      expect(byRegion.reduce((sum, answer) => sum + answer.body.totals[column], 0)).toBe(full.totals[column]);
    }
  });

  it("counts TMHP members as extracted but in none of the DENTA, MCNA and UHC groups", async () => {
    const { body } = await report({ ...ALL, brand: "tmhp" });
    expect(body.totals.extractedMembers).toBeGreaterThan(0);
    expect(body.totals.total).toBe(0);
  });

  it("filters by MCO and by result", async () => {
    const denta = (await report({ ...ALL, brand: "denta" })).body;
    const oneMco = (await report({ ...ALL, mco: "DentaQuest Medicaid" })).body;
    expect(oneMco.totals.extractedMembers).toBeGreaterThan(0);
    expect(oneMco.totals.extractedMembers).toBeLessThan(denta.totals.extractedMembers);
    expect(oneMco.totals.New_Patient_MCNA).toBe(0);

    const blank = (await report({ ...ALL, result: "" })).body;
    const made = (await report({ ...ALL, result: "Appointment Made" })).body;
    const all = (await report(ALL)).body;
    expect(blank.totals.extractedMembers + made.totals.extractedMembers).toBeLessThanOrEqual(all.totals.extractedMembers);
    expect(made.totals.extractedMembers).toBeGreaterThan(0);
  });

  it("moves a member between result filters when a result is saved", async () => {
    const page = await backend.api.get("/Members/getMembersTableData", {
      token: backend.staff.token,
      query: { pageNum: 1, pageSize: 15, company: "all", result: "", status: "all" },
    });
    const member = page.body.members[0];
    const byResult = async (result: string) => (await report({ ...ALL, practice: [member.practiceId], result })).body.totals.extractedMembers;
    const [blankBefore, confirmedBefore] = [await byResult(""), await byResult("Confirm")];
    const saved = await backend.api.post("/Members/saveResult", {
      token: backend.staff.token,
      body: { sid: member.Subscriber_ID, Result: "Confirm", patnum: member.PatNum, practice: member.practiceId, addLocation: "callCenter" },
    });
    expect(saved.status).toBe(201);
    expect(await byResult("")).toBe(blankBefore - 1);
    expect(await byResult("Confirm")).toBe(confirmedBefore + 1);
  });

  it("answers no rows and zero totals when nothing matches", async () => {
    const { status, body } = await report({ ...ALL, mco: "No Such MCO" });
    expect(status).toBe(200);
    expect(body.rows).toEqual([]);
    expect(body.totals.extractedMembers).toBe(0);
  });

  it("refuses params that are not JSON, naming params", async () => {
    const { status, body } = await report("{brand:all");
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toContain("params");
  });

  it("refuses an unknown brand and a missing filter, naming each", async () => {
    const { status, body } = await report({ brand: "acme", region: "all", practice: [], result: "all" });
    expect(status).toBe(400);
    const fields = body.details.map((detail: any) => detail.field);
    expect(fields).toContain("params.brand");
    expect(fields).toContain("params.mco");
  });
});

describe("POST /report/sendMembersReport", () => {
  it("e-mails the rows on screen to the signed-in user and says where it went", async () => {
    const { rows } = (await report({ ...ALL, region: "FSD" })).body;
    const before = await backend.target.sentMail();
    const { status, body } = await backend.api.post("/report/sendMembersReport", {
      token: backend.staff.token,
      body: { data: JSON.stringify(rows) },
    });
    expect(status).toBe(202);
    expect(body.message).toContain(backend.staff.user.email);
    const sent = (await backend.target.sentMail()).slice(before.length);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(backend.staff.user.email);
    expect(sent[0]?.subject).toMatch(/Members Status Report/);
  });

  it("sends to the caller, not to another user", async () => {
    const before = (await backend.target.sentMail()).length;
    await backend.api.post("/report/sendMembersReport", { token: backend.admin.token, body: { data: "[]" } });
    const sent = (await backend.target.sentMail()).slice(before);
    expect(sent.map((mail) => mail.to)).toEqual([backend.admin.user.email]);
  });

  it("refuses data that is not JSON, naming data, and sends nothing", async () => {
    const before = (await backend.target.sentMail()).length;
    const { status, body } = await backend.api.post("/report/sendMembersReport", { token: backend.staff.token, body: { data: "[{oops" } });
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toContain("data");
    expect(await backend.target.sentMail()).toHaveLength(before);
  });

  it("names the bad row and field", async () => {
    const { rows } = (await report(ALL)).body;
    const broken = rows.slice(0, 3).map((row: any, index: number) => (index === 2 ? { ...row, total: row.total + 1 } : row));
    broken[1] = { ...broken[1], New_Patient_DENTA: "many" };
    const { status, body } = await backend.api.post("/report/sendMembersReport", {
      token: backend.staff.token,
      body: { data: JSON.stringify(broken) },
    });
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toContain("data.1.New_Patient_DENTA");
  });

  it("names a row whose total is not the sum of its groups", async () => {
    const { rows } = (await report(ALL)).body;
    const broken = rows.slice(0, 4).map((row: any, index: number) => (index === 3 ? { ...row, total: row.total + 1 } : row));
    const { status, body } = await backend.api.post("/report/sendMembersReport", {
      token: backend.staff.token,
      body: { data: JSON.stringify(broken) },
    });
    expect(status).toBe(400);
    expect(body.details).toEqual([{ field: "data.3.total", message: expect.any(String) }]);
  });

  it("refuses a body without data, naming data", async () => {
    const { status, body } = await backend.api.post("/report/sendMembersReport", { token: backend.staff.token, body: {} });
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toContain("data");
  });
});
