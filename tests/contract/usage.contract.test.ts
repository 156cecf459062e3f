// The usage tag: report actions and page visits are recorded (a visit's token counts it once), and
// administrators read them in the universal usage report.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

interface UsageRow {
  userId: number;
  visitedUrl: string;
  defualtPracticeId: string;
  username: string;
  firstname: string;
  lastname: string;
  accessDate: string;
  count: number;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function report(query: { startDate: string; endDate: string; userSearch: string; visitedUrl?: string }, token = backend.admin.token) {
  return backend.api.get("/report/usage/{params}", { token, path: { params: JSON.stringify(query) } });
}

/** Records a visit of the staff account now, under a fresh navigation id unless one is given. */
async function visitNow(visitedUrl: string, token = crypto.randomUUID()) {
  const { user } = backend.staff;
  return backend.api.post("/saveApplicationUsage", {
    token: backend.staff.token,
    body: { userId: user.id, defualtPracticeId: user.defaultLocationId, visitedUrl, token },
  });
}

/** Wide enough to hold "now" on any target clock (the mock's fixed test date or the real one). */
const wideRange = { startDate: "2000-01-01", endDate: "2099-12-31", userSearch: "" };

describe("POST /saveApplicationUsage and GET /report/usage/{params}", () => {
  it("records a visit that the usage report counts for the user and page", async () => {
    const page = `/members/all?probe=${crypto.randomUUID()}`;
    const saved = await visitNow(page);
    expect(saved.status).toBe(201);

    const { status, body } = await report({ ...wideRange, visitedUrl: page });
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      userId: backend.staff.user.id,
      visitedUrl: page,
      defualtPracticeId: backend.staff.user.defaultLocationId,
      username: backend.staff.user.email,
      firstname: backend.staff.user.firstname,
      lastname: backend.staff.user.lastname,
      count: 1,
    });
  });

  it("counts a repeated token once, and answers the repeat 201 too", async () => {
    const page = `/dashboard?probe=${crypto.randomUUID()}`;
    const token = crypto.randomUUID();
    expect((await visitNow(page, token)).status).toBe(201);
    expect((await visitNow(page, token)).status).toBe(201);
    await visitNow(page);

    const { body } = await report({ ...wideRange, visitedUrl: page });
    expect(body.map((row: UsageRow) => row.count)).toEqual([2]);
  });

  it("dates a row by its last visit, inside the range asked for", async () => {
    const page = `/usage?probe=${crypto.randomUUID()}`;
    await visitNow(page);
    const [row] = (await report({ ...wideRange, visitedUrl: page })).body as UsageRow[];
    const day = row!.accessDate;
    expect((await report({ startDate: day, endDate: day, userSearch: "", visitedUrl: page })).body).toEqual([row]);
    const dayBefore = isoDate(new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000));
    expect((await report({ startDate: dayBefore, endDate: dayBefore, userSearch: "", visitedUrl: page })).body).toEqual([]);
  });

  it("refuses a visit recorded for another user (403) and writes nothing", async () => {
    const page = `/dashboard?probe=${crypto.randomUUID()}`;
    const { status } = await backend.api.post("/saveApplicationUsage", {
      token: backend.staff.token,
      body: { userId: backend.admin.user.id, defualtPracticeId: "", visitedUrl: page, token: crypto.randomUUID() },
    });
    expect(status).toBe(403);
    expect((await report({ ...wideRange, visitedUrl: page })).body).toEqual([]);
  });

  it("refuses a token that is not a UUID and a page that is not an app route, naming them", async () => {
    const { status, body } = await backend.api.post("/saveApplicationUsage", {
      token: backend.staff.token,
      body: { userId: backend.staff.user.id, defualtPracticeId: "", visitedUrl: "dashboard", token: "abc" },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["visitedUrl", "token"]));
  });
});

describe("GET /report/usage/{params}", () => {
  it("answers the visits of many users and pages, sorted by count descending, then username", async () => {
    const { status, body } = await report(wideRange);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(10);
    for (let index = 1; index < body.length; index += 1) {
      const [before, row] = [body[index - 1] as UsageRow, body[index] as UsageRow];
      expect(before.count > row.count || (before.count === row.count && before.username <= row.username)).toBe(true);
    }
    expect(new Set(body.map((row: UsageRow) => row.userId)).size).toBeGreaterThan(1);
  });

  it("keeps the users whose e-mail, first or last name contains userSearch, ignoring case", async () => {
    const lastname = backend.staff.user.lastname;
    const { body } = await report({ ...wideRange, userSearch: lastname.toUpperCase() });
    expect(body.length).toBeGreaterThan(0);
    for (const row of body as UsageRow[]) {
      expect(`${row.username} ${row.firstname} ${row.lastname}`.toLowerCase()).toContain(lastname.toLowerCase());
    }
  });

  it("keeps the pages that contain visitedUrl", async () => {
    const { body } = await report({ ...wideRange, visitedUrl: "/members/" });
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((row: UsageRow) => row.visitedUrl.includes("/members/"))).toBe(true);
  });

  it("is for administrators only (403 to other staff)", async () => {
    const { status } = await report(wideRange, backend.staff.token);
    expect(status).toBe(403);
  });

  it("answers 400 naming params.endDate when it is before startDate, and params.startDate when it is not a date", async () => {
    const backwards = await report({ startDate: "2026-11-16", endDate: "2026-11-01", userSearch: "" });
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards.body)).toContain("params.endDate");
    const notDate = await report({ startDate: "11/01/2026", endDate: "2026-11-16", userSearch: "" });
    expect(notDate.status).toBe(400);
    expect(fieldsOf(notDate.body)).toContain("params.startDate");
  });
});

describe("POST /report/saveUsage", () => {
  it("records a report action (201)", async () => {
    const { status, body } = await backend.api.post("/report/saveUsage", {
      token: backend.staff.token,
      body: { report: "priority-status-report", action: "export-csv" },
    });
    expect(status).toBe(201);
    expect(body.message).not.toBe("");
  });

  it("refuses an unknown action and a report name that is not a route name, naming them", async () => {
    const { status, body } = await backend.api.post("/report/saveUsage", {
      token: backend.staff.token,
      body: { report: "Priority Status", action: "share" },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["report", "action"]));
  });
});
