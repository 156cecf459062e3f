// CSV exports: the members list under its filters (every page), the members status and priority
// status reports; streamed, header-only when empty, formulas neutralised, named by report and day.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";
import { worklist } from "./worklist";

const backend = useBackend();
const members = worklist(backend);

const csvOf = (text: string) => Papa.parse<string[]>(text.replace(/\r\n$/, ""), { newline: "\r\n" }).data;
const DATED_NAME = (report: string) => new RegExp(`^attachment; filename="${report}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`);

describe("GET /Members/export", () => {
  it("streams every member of the filters, not one page: as many lines as the list counts, each a listed member", async () => {
    const query = { practice: "all", status: "New Patient", company: "denta" };
    const listed = await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query: { ...query, pageSize: 1000 } });
    const { status, body, headers } = await backend.api.get("/Members/export", { token: backend.staff.token, query });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/csv/);
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("Members"));
    const [header, ...rows] = csvOf(body);
    expect(header!.slice(0, 3)).toEqual(["Brand", "Subscriber ID", "Patient Number"]);
    expect(rows).toHaveLength(listed.body.total_count);
    expect(Number(headers.get("x-row-count"))).toBe(listed.body.total_count);
    expect(listed.body.total_count).toBeGreaterThan(15);
    const subscriberIds = new Set(listed.body.members.map((member: { Subscriber_ID: string }) => member.Subscriber_ID));
    expect(rows.every((row) => row[0] === "DENTA" && row[17] === "New Patient" && subscriberIds.has(row[1]))).toBe(true);
  });

  it("answers a header line alone for an empty slice", async () => {
    const { status, body, headers } = await backend.api.get("/Members/export", { token: backend.staff.token, query: { search: "Zzyzx-no-such-member" } });
    expect(status).toBe(200);
    expect(csvOf(body)).toHaveLength(1);
    expect(headers.get("x-row-count")).toBe("0");
  });

  it("writes a note beginning with = as text, never a formula", async () => {
    const member = await members.freshMember();
    expect((await members.saveNotes(member, "=HYPERLINK(\"http://evil.example\")", backend.staff)).status).toBe(201);
    const { body } = await backend.api.get("/Members/export", { token: backend.staff.token, query: { search: member.Subscriber_ID, practice: String(member.practiceId) } });
    const rows = csvOf(body).slice(1);
    expect(rows.find((row) => row[1] === member.Subscriber_ID)![15]).toBe("'=HYPERLINK(\"http://evil.example\")");
  });

  it("keeps a note with line breaks, a semicolon or quotes in its one cell, its formula neutralised", async () => {
    const notes = ["Called no answer\n=HYPERLINK(A1)", "Left a message\r=1+2", "x;=1+2", '=said "call back"'];
    const exported: (string | undefined)[] = [];
    for (const note of notes) {
      const member = await members.freshMember();
      expect((await members.saveNotes(member, note, backend.staff)).status).toBe(201);
      const { body } = await backend.api.get("/Members/export", { token: backend.staff.token, query: { search: member.Subscriber_ID, practice: String(member.practiceId) } });
      const rows = csvOf(body).slice(1);
      const cell = rows.find((row) => row[1] === member.Subscriber_ID)?.[15];
      exported.push(cell);
      // Quoted: spreadsheets and Python's csv end a row at a lone CR or LF outside quotes, and split at ";".
      expect(body).toContain(`,"${cell?.replaceAll('"', '""')}",`);
    }
    expect(exported).toEqual(["Called no answer\n=HYPERLINK(A1)", "Left a message\r=1+2", "x;=1+2", '\'=said "call back"']);
  });

  it("stops when the browser goes away, and the backend answers the next call", async () => {
    const controller = new AbortController();
    const response = await fetch(`${backend.target.baseUrl}/Members/export`, { headers: { Authorization: `Bearer ${backend.staff.token}` }, signal: controller.signal });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    const after = await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query: { pageSize: 15 } });
    expect(after.status).toBe(200);
  });

  it("refuses a missing session and an unknown filter value", async () => {
    expect((await backend.api.get("/Members/export", {})).status).toBe(401);
    const bad = await backend.api.get("/Members/export", { token: backend.staff.token, query: { status: "Sleeping" } });
    expect(bad.status).toBe(400);
  });
});

describe("GET /Members/members-status-report/export", () => {
  const params = JSON.stringify({ brand: "all", region: "FSD", practice: [], mco: "all", result: "all" });

  it("writes the report's rows under the same filters, then the Total row", async () => {
    const report = (await backend.api.get("/Members/members-status-report", { token: backend.staff.token, query: { params } })).body;
    const { status, body, headers } = await backend.api.get("/Members/members-status-report/export", { token: backend.staff.token, query: { params } });
    expect(status).toBe(200);
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("MembersStatusReport"));
    const [header, ...rows] = csvOf(body);
    expect(header).toEqual(expect.arrayContaining(["Practice", "New Patient DENTA", "Recare Future Appointment UHC", "Members", "Extracted"]));
    expect(rows.map((row) => row[0])).toEqual([...report.rows.map((row: { practice: string }) => row.practice), "Total"]);
    expect(rows.at(-1)!.slice(-2).map(Number)).toEqual([report.totals.total, report.totals.extractedMembers]);
  });

  it("refuses parameters that are not the report's query, and a missing session", async () => {
    expect((await backend.api.get("/Members/members-status-report/export", { token: backend.staff.token, query: { params: "{}" } })).status).toBe(400);
    expect((await backend.api.get("/Members/members-status-report/export", { query: { params } })).status).toBe(401);
  });
});

describe("GET /report/priority-status-report/export", () => {
  it("writes the rows the region keeps, header-only for a practice outside it", async () => {
    const report = (await backend.api.get("/report/priority-status-report", { token: backend.staff.token })).body as { location: string; region: string; practiceId: number }[];
    const smd = report.filter((row) => row.region === "SMD");
    const { status, body, headers } = await backend.api.get("/report/priority-status-report/export", { token: backend.staff.token, query: { region: "SMD" } });
    expect(status).toBe(200);
    expect(headers.get("content-disposition")).toBe(`attachment; filename="PriorityStatus.csv"`);
    const [header, ...rows] = csvOf(body);
    expect(header).toEqual(["Location", "P1", "P2", "P3", "P4", "Sum"]);
    expect(rows.map((row) => row[0])).toEqual(smd.map((row) => row.location));
    const outside = report.find((row) => row.region !== "SMD")!;
    const empty = await backend.api.get("/report/priority-status-report/export", { token: backend.staff.token, query: { region: "SMD", practice: String(outside.practiceId) } });
    expect(csvOf(empty.body)).toEqual([header]);
  });

  it("refuses a bad region and a missing session", async () => {
    expect((await backend.api.get("/report/priority-status-report/export", { token: backend.staff.token, query: { region: "XYZ" } })).status).toBe(400);
    expect((await backend.api.get("/report/priority-status-report/export", {})).status).toBe(401);
  });
});
