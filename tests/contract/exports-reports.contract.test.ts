// CSV exports of the table reports: each writes what its screen's call answers under the same
// filters, header-only for an empty slice, named by report and day; refused without a session or
// with filters the call refuses.
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";
import { leadDate, reportCalendar, shiftDays, type ReportCalendar } from "./reportDates";

const backend = useBackend();
let calendar: ReportCalendar;
beforeAll(async () => {
  calendar = await reportCalendar(backend);
});

const csvOf = (text: string) => Papa.parse<string[]>(text.replace(/\r\n$/, ""), { newline: "\r\n" }).data;
const DATED_NAME = (report: string) => new RegExp(`^attachment; filename="${report}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`);
/** An id no practice has. */
const NO_PRACTICE = "999999999";

describe("POST /report/lead-data-report/export", () => {
  const periods = () => ({
    mode: "periods",
    today: leadDate(calendar.today),
    yesterday: leadDate(calendar.yesterday),
    weekStart: leadDate(calendar.weekStart),
    lastWeekStart: leadDate(calendar.lastWeekStart),
    lastWeekEnd: leadDate(calendar.lastWeekEnd),
    monthStart: leadDate(calendar.monthStart),
    lastMonth: leadDate(calendar.lastMonthStart),
    lastMonthEnd: leadDate(calendar.lastMonthEnd),
  });
  const range = (practice: string) => ({ mode: "range", startDate: leadDate(calendar.monthStart), endDate: leadDate(calendar.today), practice });
  const exported = (body: unknown, token: string | null = backend.staff.token) => backend.api.post("/report/lead-data-report/export", { token, body });

  it("writes the report's rows for the same periods: Location, then a column per period", async () => {
    const report = (await backend.api.post("/report/lead-data-report", { token: backend.staff.token, body: periods() })).body;
    const { status, body, headers } = await exported(periods());
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/csv/);
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("LeadData"));
    const [header, ...rows] = csvOf(body);
    expect(header).toEqual(["Location", ...report.periods.map((period: { label: string }) => period.label)]);
    expect(header).toContain("Month to Date");
    expect(Number(headers.get("x-row-count"))).toBe(report.leadsEntered.length);
    const first = report.leadsEntered[0];
    expect(rows[0]).toEqual([first.location, ...report.periods.map((period: { key: string }) => String(first.counts[period.key]))]);
    expect(rows.map((row) => row[0])).toEqual(report.leadsEntered.map((row: { location: string }) => row.location));
  });

  it("writes a custom range of one practice as that practice's line, and a practice no one has as the header alone", async () => {
    const report = (await backend.api.post("/report/lead-data-report", { token: backend.staff.token, body: range("all") })).body;
    const chosen = report.leadsEntered[1];
    const one = await exported(range(String(chosen.practiceId)));
    expect(csvOf(one.body)).toEqual([["Location", "Custom Range"], [chosen.location, String(chosen.counts.range)]]);
    const none = await exported(range(NO_PRACTICE));
    expect(none.status).toBe(200);
    expect(csvOf(none.body)).toEqual([["Location", "Custom Range"]]);
    expect(none.headers.get("x-row-count")).toBe("0");
  });

  it("refuses a day that is no day, naming it, and a missing session", async () => {
    const bad = await exported({ ...range("all"), endDate: "02-30-2026" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((detail: { field: string }) => detail.field)).toContain("endDate");
    expect((await exported(periods(), null)).status).toBe(401);
  });
});

describe("GET /report/usage/{params}/export", () => {
  const wideRange = { startDate: "2000-01-01", endDate: "2099-12-31", userSearch: "" };
  const exported = (query: object, token: string | null = backend.admin.token) =>
    backend.api.get("/report/usage/{params}/export", { token, path: { params: JSON.stringify(query) } });

  it("writes the report's rows for the same query, in its order", async () => {
    const page = `/exports/${crypto.randomUUID()}`;
    const { user } = backend.staff;
    const saved = await backend.api.post("/saveApplicationUsage", {
      token: backend.staff.token,
      body: { userId: user.id, defualtPracticeId: user.defaultLocationId, visitedUrl: page, token: crypto.randomUUID() },
    });
    expect(saved.status).toBe(201);
    const report = (await backend.api.get("/report/usage/{params}", { token: backend.admin.token, path: { params: JSON.stringify(wideRange) } })).body;
    const { status, body, headers } = await exported(wideRange);
    expect(status).toBe(200);
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("Usage"));
    const [header, ...rows] = csvOf(body);
    expect(header).toEqual(["User Id", "Visited Page", "Default Practice", "User Name", "First Name", "Last Name", "Access Date", "Count"]);
    expect(rows).toHaveLength(report.length);
    expect(rows.map((row) => `${row[0]} ${row[1]} ${row[7]}`)).toEqual(report.map((row: { userId: number; visitedUrl: string; count: number }) => `${row.userId} ${row.visitedUrl} ${row.count}`));
    const mine = rows.find((row) => row[1] === page)!;
    expect(mine).toEqual([String(user.id), page, user.defaultLocationId, user.email, user.firstname, user.lastname, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), "1"]);
  });

  it("answers the header alone for a range without visits", async () => {
    const { status, body } = await exported({ startDate: "2001-01-01", endDate: "2001-01-31", userSearch: "" });
    expect(status).toBe(200);
    expect(csvOf(body)).toHaveLength(1);
  });

  it("is for administrators only, as the report; refuses a range that runs backwards and a missing session", async () => {
    expect((await exported(wideRange, backend.staff.token)).status).toBe(403);
    const backwards = await exported({ ...wideRange, startDate: "2026-02-01", endDate: "2026-01-01" });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toEqual([{ field: "params.endDate", message: "must not be before startDate" }]);
    expect((await exported(wideRange, null)).status).toBe(401);
  });
});

describe("GET /deleted-appointments/{view}/export", () => {
  const range = () => ({ startDate: shiftDays(calendar.today, -59), endDate: calendar.today });
  const view = (name: string, query: Record<string, string | number>) => backend.api.get(`/deleted-appointments/${name}`, { token: backend.staff.token, query });
  const exported = (name: string, query: Record<string, string | number>, token: string | null = backend.staff.token) =>
    backend.api.get(`/deleted-appointments/${name}/export`, { token, query });

  it("By Group writes the view's rows under the same filters", async () => {
    const groups = (await view("bygroup", { ...range(), region: "FSD" })).body;
    const { status, body, headers } = await exported("bygroup", { ...range(), region: "FSD" });
    expect(status).toBe(200);
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("DeletedAppointmentsByGroup"));
    expect(csvOf(body)).toEqual([
      ["Group", "Deleted appointments", "Practices with deletions"],
      ...groups.map((group: { group: string; count: number; practices: number }) => [group.group, String(group.count), String(group.practices)]),
    ]);
  });

  it("Summary writes a line per practice with its reasons, as the view counts them", async () => {
    const practices = (await view("summary", range())).body;
    const { body, headers } = await exported("summary", range());
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("DeletedAppointmentsSummary"));
    const [header, ...rows] = csvOf(body);
    expect(header).toEqual(["Practice", "Group", "Deleted appointments", "Reasons"]);
    expect(rows.map((row) => row.slice(0, 3))).toEqual(practices.map((row: { practice: string; region: string; count: number }) => [row.practice, row.region, String(row.count)]));
    const first = practices[0] as { byReason: { reason: string; count: number }[] };
    expect(rows[0]![3]).toBe(first.byReason.map((r) => `${r.reason || "No reason given"} (${r.count})`).join(", "));
  });

  it("Details writes every deletion of the filters, not one page, in the view's order", async () => {
    const all = (await view("details", { ...range(), pageSize: 1000 })).body;
    expect(all.count).toBeGreaterThan(15);
    const { body, headers } = await exported("details", range());
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("DeletedAppointmentsDetails"));
    expect(Number(headers.get("x-row-count"))).toBe(all.count);
    const [header, ...rows] = csvOf(body);
    expect(header).toEqual(["Deleted at", "Practice", "Patient number", "Patient", "Appointment", "Deleted by", "Reason"]);
    expect(rows).toHaveLength(all.count);
    const neutral = (text = "") => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    expect(rows.slice(0, 1000)).toEqual(
      all.rows.map((row: Record<string, string>) => [row.deletedAt, row.practice, row.PatNum, row.patientName, row.appointmentDate, row.deletedBy, row.reason].map(neutral)),
    );
  });

  it("Details stops when the browser goes away, and the backend answers the next call", async () => {
    const controller = new AbortController();
    const url = `${backend.target.baseUrl}/deleted-appointments/details/export?startDate=${range().startDate}&endDate=${range().endDate}`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${backend.staff.token}` }, signal: controller.signal });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    expect((await view("details", range())).status).toBe(200);
  });

  it("writes the header alone for a range without deletions, in each view", async () => {
    const empty = { startDate: "2001-01-01", endDate: "2001-01-31", practice: NO_PRACTICE };
    for (const name of ["bygroup", "summary", "details"]) {
      const { status, body } = await exported(name, empty);
      expect(status).toBe(200);
      expect(csvOf(body), name).toHaveLength(name === "bygroup" ? 5 : 1);
    }
  });

  it("refuses a range that runs backwards, an unknown region and a missing session", async () => {
    for (const name of ["bygroup", "summary", "details"]) {
      const backwards = await exported(name, { startDate: "2026-02-01", endDate: "2026-01-01" });
      expect(backwards.status, name).toBe(400);
      expect(backwards.body.details.map((detail: { field: string }) => detail.field)).toEqual(["endDate"]);
      expect((await exported(name, { ...range(), region: "XYZ" })).status, name).toBe(400);
      expect((await exported(name, range(), null)).status, name).toBe(401);
    }
  });
});

describe("GET /call-recordings/directoryList/export", () => {
  const directory = (query: Record<string, string | number>) => backend.api.get("/call-recordings/directoryList", { token: backend.staff.token, query });
  const exported = (query: Record<string, string | number>, token: string | null = backend.staff.token) =>
    backend.api.get("/call-recordings/directoryList/export", { token, query });

  it("writes every recording of the filters, not one page, in the directory's order", async () => {
    const campaign = (await backend.api.get("/call-recordings/campaigns", { token: backend.staff.token })).body[0].name as string;
    const listed = (await directory({ campaign, selectedPageSize: 1000 })).body;
    expect(listed.count).toBeGreaterThan(15);
    const { status, body, headers } = await exported({ campaign });
    expect(status).toBe(200);
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("CallRecordings"));
    expect(Number(headers.get("x-row-count"))).toBe(listed.count);
    const [header, ...rows] = csvOf(body);
    expect(header).toEqual(["Date", "Phone", "Mail", "Practice", "Campaign", "File", "Size (KB)"]);
    expect(rows).toHaveLength(listed.count);
    type Recording = { recordedAt: string; phone: string; mail: string; practice: string; campaign: string; name: string; size: number };
    expect(rows.slice(0, 1000)).toEqual(
      listed.rows.map((row: Recording) => [row.recordedAt, row.phone, row.mail, row.practice, row.campaign, row.name, (row.size / 1024).toFixed(1)]),
    );
  });

  it("writes one agent's or one member's recordings, as the directory keeps them", async () => {
    const all = (await directory({ selectedPageSize: 1000 })).body.rows as { mail: string; memberId: number | null; name: string }[];
    const memberId = all.find((row) => row.memberId !== null)!.memberId!;
    const queries: Record<string, string | number>[] = [{ agent: all[0]!.mail.toUpperCase() }, { memberId }];
    for (const query of queries) {
      const listed = (await directory({ ...query, selectedPageSize: 1000 })).body;
      expect(listed.count).toBeGreaterThan(0);
      const { status, body } = await exported(query);
      expect(status).toBe(200);
      expect(csvOf(body).slice(1).map((row) => row[5])).toEqual(listed.rows.map((row: { name: string }) => row.name));
    }
  });

  it("writes the header alone when nothing matches", async () => {
    const { status, body, headers } = await exported({ search: "no-such-recording-zzz" });
    expect(status).toBe(200);
    expect(csvOf(body)).toEqual([["Date", "Phone", "Mail", "Practice", "Campaign", "File", "Size (KB)"]]);
    expect(headers.get("x-row-count")).toBe("0");
  });

  it("refuses a range that runs backwards, naming it, and a missing session", async () => {
    const backwards = await exported({ dates: "2026-02-01,2026-01-01" });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details.map((detail: { field: string }) => detail.field)).toEqual(["dates"]);
    expect((await exported({}, null)).status).toBe(401);
  });
});

describe("POST /report/quality-index-report/export", () => {
  const request = () => ({
    d1: calendar.today,
    d2: calendar.today,
    yesterday1: calendar.yesterday,
    yesterday2: calendar.yesterday,
    thirty: shiftDays(calendar.today, -30),
    seven: shiftDays(calendar.today, -7),
    thisMonth: calendar.monthStart,
    weekStart: calendar.weekStart,
    weekEnd: calendar.weekEnd,
  });
  const TABLES = ["qualityWonToday", "qualityWon", "qualityMonthWon", "qualityLost", "qualityMonthLost", "leadsMonth"] as const;
  const HEADER = [
    "Practice",
    "Leads won today",
    "Leads won this week",
    "Leads won month to date",
    "Leads lost this week",
    "Leads lost this month",
    "Leads completed this month by practice",
  ];
  const exported = (body: unknown, token: string | null = backend.staff.token) => backend.api.post("/report/quality-index-report/export", { token, body });

  it("writes the six tables by practice side by side, 0 where a table leaves a practice out", async () => {
    const report = (await backend.api.post("/report/quality-index-report", { token: backend.staff.token, body: request() })).body;
    const { status, body, headers } = await exported(request());
    expect(status).toBe(200);
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("QualityIndex"));
    const [header, ...rows] = csvOf(body);
    expect(header).toEqual(HEADER);
    type Count = { practice: string; practiceId: number; count: number };
    const practices = new Set(TABLES.flatMap((table) => report[table].map((row: Count) => row.practice)));
    expect(rows.map((row) => row[0])).toEqual([...practices].sort());
    for (const row of rows) {
      expect(row.slice(1)).toEqual(TABLES.map((table) => String(report[table].find((entry: Count) => entry.practice === row[0])?.count ?? 0)));
    }
    expect(rows.reduce((sum, row) => sum + Number(row[6]), 0)).toBe(report.leadsMonth.reduce((sum: number, row: Count) => sum + row.count, 0));
  });

  it("writes the header alone for periods without leads", async () => {
    const old = { d1: "2001-01-10", d2: "2001-01-10", yesterday1: "2001-01-09", yesterday2: "2001-01-09", thirty: "2000-12-11", seven: "2001-01-03", thisMonth: "2001-01-01", weekStart: "2001-01-08", weekEnd: "2001-01-14" };
    const { status, body } = await exported(old);
    expect(status).toBe(200);
    expect(csvOf(body)).toEqual([HEADER]);
  });

  it("refuses a day that is no date, naming it, and a missing session", async () => {
    const bad = await exported({ ...request(), weekEnd: "2026-13-45" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((detail: { field: string }) => detail.field)).toContain("weekEnd");
    expect((await exported(request(), null)).status).toBe(401);
  });
});

describe("GET /report/new-patient-origin/export", () => {
  const query = (date: string[], practice: number[] = []) => ({ params: JSON.stringify({ practice, brand: "all", date }) });
  const exported = (q: { params: string }, token: string | null = backend.staff.token) => backend.api.get("/report/new-patient-origin/export", { token, query: q });

  it("writes every first visit the report counts for the same filters: Practice, Patient Number, First Visit Date, Result", async () => {
    const report = (await backend.api.get("/report/new-patient-origin", { token: backend.staff.token, query: query([calendar.month]) })).body;
    expect(report.total.count).toBeGreaterThan(0);
    const { status, body, headers } = await exported(query([calendar.month]));
    expect(status).toBe(200);
    expect(headers.get("content-disposition")).toMatch(DATED_NAME("NewPatientOrigin"));
    const [header, ...rows] = csvOf(body);
    expect(header).toEqual(["Practice", "Patient Number", "First Visit Date", "Result"]);
    expect(rows).toHaveLength(report.total.count);
    for (const row of rows) expect(row[2]!.slice(0, 7)).toBe(calendar.month);
    // Each practice's rows as many as the report counts for it, over every source.
    const counted = new Map<string, number>();
    for (const source of report.sources) for (const practice of source.practices) counted.set(practice.practice, (counted.get(practice.practice) ?? 0) + practice.count);
    const written = new Map<string, number>();
    for (const row of rows) written.set(row[0]!, (written.get(row[0]!) ?? 0) + 1);
    expect(written).toEqual(counted);
    const keys = rows.map((row) => `${row[0]} ${row[2]}`);
    expect(keys).toEqual([...keys].sort());
  });

  it("writes the header alone for a practice no one has", async () => {
    const { status, body } = await exported(query([calendar.month], [999999]));
    expect(status).toBe(200);
    expect(csvOf(body)).toEqual([["Practice", "Patient Number", "First Visit Date", "Result"]]);
  });

  it("refuses a month the screen does not offer, naming it, and a missing session", async () => {
    const bad = await exported(query(["2001-01"]));
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((detail: { field: string }) => detail.field)).toEqual(["params.date.0"]);
    expect((await exported(query([calendar.month]), null)).status).toBe(401);
  });
});
