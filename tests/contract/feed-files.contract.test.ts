// A practice feed file from the browser: imported by a run of "Import practice feeds" with the
// layouts and rules of `npm run import -- --feed` (good rows applied, every refused row reported
// with its line and reason), followed to its end through getFeedImport, listed by listFeedImports,
// and refused whole, with nothing imported, when it names no feed or its header is another feed's.
import { describe, expect, it, vi } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";
import { worklist } from "./worklist";

const backend = useBackend();
const members = worklist(backend);

const APPOINTMENTS = "Practice,PatNum,AptNum,AptDateTime,AptStatus,IsNewPatient,DateTStamp";
const upload = ({ content, ...query }: { fileName: string; feed?: string; content: string | Uint8Array<ArrayBuffer> }, token = backend.admin.token) =>
  backend.api.post("/Feeds/imports", { token, query, rawBody: content, contentType: "text/csv" });
const run = (id: number | string, token = backend.admin.token) => backend.api.get("/Feeds/imports/{id}", { token, path: { id } });
const runs = (token = backend.admin.token) => backend.api.get("/Feeds/imports", { token });

/** The run once it has ended. */
async function finished(id: number) {
  return vi.waitFor(
    async () => {
      const { status, body } = await run(id);
      expect(status).toBe(200);
      if (body.status === "running") throw new Error("still running");
      return body;
    },
    { timeout: 15_000, interval: 100 },
  );
}

const crons = async () => (await backend.api.get("/Members/crons", { token: backend.staff.token })).body as any[];
const feedJobLogs = async () => (await crons()).find((cron) => cron.title === "Import practice feeds").logs as any[];

/** A member with a patient number no other case of the file touches, and its practice's abbreviation. */
async function patient() {
  for (;;) {
    const member = await members.freshMember({ status: "New Patient", result: "" });
    if (member.PatNum !== "") return member;
  }
}

describe("POST /Feeds/imports, GET /Feeds/imports and GET /Feeds/imports/{id}", () => {
  it("applies the good rows, reports every refused row with its line and reason, and lists the run", async () => {
    const member = await patient();
    const lines = [
      APPOINTMENTS,
      `${member.Practice},${member.PatNum},880001,2020-03-02 09:30,Complete,true,2020-02-20 15:02:11`,
      `${member.Practice},${member.PatNum},880002,2030-01-15 14:00,Scheduled,false,2026-11-17 10:41:05`,
      `NO-SUCH,${member.PatNum},880003,2030-01-15 14:00,Scheduled,false,2026-11-17 10:41:05`,
      "",
      `${member.Practice},${member.PatNum},880004,2026-02-30 14:00,Sleeping,false,2026-11-17 10:41:05`,
      `${member.Practice},999999991,880005,2029-01-15 14:00,Scheduled,false,2026-11-17 10:41:05`,
    ];
    const started = await upload({ feed: "appointments", fileName: "schedule.csv", content: `${lines.join("\r\n")}\r\n` });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ feed: "appointments", file: "schedule.csv" });
    const done = await finished(started.body.id);
    expect(done).toMatchObject({ status: "success", feed: "appointments", rowsRead: 5, rowsWritten: 3, rowsRejected: 2 });
    expect(done.message).toMatch(/^Imported 3 rows of appointments from schedule\.csv: 3 new or changed, 0 known already, 1 for patients no member has, 1 members updated, 2 rejected \(row 4: Practice is not a practice of the group; row 6: /);
    expect(done.bytesRead).toBe(done.bytesTotal);
    expect(done.rejections.map((rejection: any) => rejection.line)).toEqual([4, 6]);
    expect(done.rejections[1].reason).toMatch(/AptDateTime/);
    expect(done.rejections[1].reason).toMatch(/AptStatus/);
    expect(await members.listed(member)).toMatchObject({ Status: "Recare Future Appointment", LastVisit: "2020-03-02" });

    const listed = (await runs()).body;
    expect(listed[0]).toEqual({ ...done, rejections: undefined });
    const [log] = await feedJobLogs();
    expect(log).toMatchObject({ id: done.id, status: "success", message: done.message });
  });

  it("changes nothing when the same file comes twice", async () => {
    const member = await patient();
    const content = [APPOINTMENTS, `${member.Practice},${member.PatNum},881001,2021-05-04 10:00,Complete,false,2021-05-01 08:00`].join("\n");
    const first = await finished((await upload({ fileName: "appointments_twice.csv", content })).body.id);
    expect(first).toMatchObject({ status: "success", feed: "appointments" });
    const again = await finished((await upload({ fileName: "appointments_twice.csv", content })).body.id);
    expect(again.message).toBe("Imported 1 row of appointments from appointments_twice.csv: 0 new or changed, 1 known already, 0 for patients no member has, 0 members updated, 0 rejected");
    expect(await members.listed(member)).toMatchObject({ Status: "Recare No Future Appointment", LastVisit: "2021-05-04" });
  });

  it("says so when a file imported nothing, and that run is not a success", async () => {
    const headerOnly = await upload({ fileName: "leads_header.csv", content: "Practice,LeadNum,Source,Stage,Outcome,LostReason,CreatedAt,ClosedAt\r\n" });
    expect(headerOnly.status).toBe(202);
    expect(await finished(headerOnly.body.id)).toMatchObject({ status: "failure", feed: "leads", rowsWritten: 0, message: "Nothing imported: leads_header.csv has no rows under its header" });
  });

  it("refuses a file naming no feed, another feed's file, an empty or non-text file, and imports nothing", async () => {
    const before = await feedJobLogs();
    const noFeed = await upload({ fileName: "schedule.csv", content: APPOINTMENTS });
    expect(noFeed.status).toBe(400);
    expect(fieldsOf(noFeed.body)).toEqual(["feed"]);
    const otherFeed = await upload({ feed: "leads", fileName: "schedule.csv", content: `${APPOINTMENTS}\nSM-HOUS,1,2,2030-01-01 10:00,Scheduled,false,2026-01-01 10:00` });
    expect(otherFeed.status).toBe(400);
    expect(otherFeed.body.details).toEqual([{ field: "body", message: "schedule.csv is not a leads file (missing 'LeadNum', 'Source', 'Stage', 'Outcome', 'CreatedAt'); nothing imported" }]);
    const empty = await upload({ feed: "leads", fileName: "leads.csv", content: " \n" });
    expect(empty.body.details).toEqual([{ field: "body", message: "leads.csv is empty" }]);
    const binary = await upload({ feed: "leads", fileName: "leads.csv", content: "PK\u0000\u0003" });
    expect(fieldsOf(binary.body)).toEqual(["body"]);
    const notCsv = await upload({ feed: "leads", fileName: "leads.xlsx", content: APPOINTMENTS });
    expect(fieldsOf(notCsv.body)).toEqual(["fileName"]);
    const unknownFeed = await upload({ feed: "payments", fileName: "payments.csv", content: "a" });
    expect(fieldsOf(unknownFeed.body)).toContain("feed");
    expect(await feedJobLogs()).toEqual(before);
  });

  it("answers 404 for another job's run and 400 naming id", async () => {
    const refresh = (await crons()).find((cron) => cron.title === "Refresh recare statuses").logs[0];
    expect((await run(refresh.id)).status).toBe(404);
    expect((await run(987654)).status).toBe(404);
    expect(fieldsOf((await run("latest")).body)).toContain("id");
  });

  it("answers 401 without a session", async () => {
    expect((await upload({ fileName: "leads_x.csv", content: "x" }, null as never)).status).toBe(401);
    expect((await runs(null as never)).status).toBe(401);
    expect((await run(1, null as never)).status).toBe(401);
  });

  it("is for administrators: 403 to other staff, and nothing is imported", async () => {
    const before = await feedJobLogs();
    expect((await upload({ fileName: "leads_x.csv", content: "x" }, backend.staff.token)).status).toBe(403);
    expect((await runs(backend.staff.token)).status).toBe(403);
    expect((await run(before[0].id, backend.staff.token)).status).toBe(403);
    expect(await feedJobLogs()).toEqual(before);
  });
});
