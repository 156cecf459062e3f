// A payer's member file from the browser: imported by a run of the payer's import job with the rules
// of `npm run import` (good rows written, every refused row reported with its line and reason),
// followed to its end through getMemberImport, and refused whole, with nothing imported, when it is
// not a members CSV file, names no payer or is too large. The file is the body, as it is on disk.
import { describe, expect, it, vi } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

const HEADER = "Subscriber_ID,PatNum,MCO,First_Name,Middle_Name,Last_Name,Practice,Address1,City,State,Phone,Date_of_Birth";
interface Upload {
  fileName: string;
  brand?: string;
  practice?: string;
  extractedAt?: string;
  content: string | Uint8Array<ArrayBuffer>;
}
const upload = ({ content, ...query }: Upload, token = backend.admin.token) => backend.api.post("/Members/imports", { token, query, rawBody: content, contentType: "text/csv" });
const run = (id: number | string, token = backend.admin.token) => backend.api.get("/Members/imports/{id}", { token, path: { id } });

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
const importJobLogs = async (brand: string) => (await crons()).find((cron) => cron.title === `Import ${brand} members`).logs as any[];
const search = async (text: string) =>
  (await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query: { pageNum: 1, pageSize: 15, search: text } })).body.members as any[];

/** A DENTA practice of the demo world. */
async function dentaPractice() {
  const practices = (await backend.api.get("/practice/list/bybrand/{brand}", { token: backend.staff.token, path: { brand: "denta" } })).body;
  return practices[0].practiceabbr as string;
}

describe("POST /Members/imports and GET /Members/imports/{id}", () => {
  it("imports the good rows and reports every refused row with its line and reason, in the payer's job log", async () => {
    const practice = await dentaPractice();
    const lines = [
      HEADER,
      `900000001,,DentaQuest Medicaid,Quinn,,Zabriskie,${practice},1 Elm St,Houston,TX,(713) 555-0101,2015-03-14`,
      `900000002,,DentaQuest Medicaid,Rory,,Zabriskie,${practice},1 Elm St,Houston,TX,(713) 555-0102,03/15/2016`,
      `900000003,,DentaQuest Medicaid,Sky,,,${practice},1 Elm St,Houston,TX,(713) 555-0103,2015-03-14`,
      "",
      `900000004,,DentaQuest Medicaid,Tal,,Zabriskie,NO-SUCH,1 Elm St,Houston,TX,(713) 555-0104,2015-03-14`,
      `900000001,,DentaQuest Medicaid,Quinn,,Zabriskie,${practice},1 Elm St,Houston,TX,(713) 555-0101,2015-03-14`,
    ];
    const started = await upload({ fileName: "DENTA_ELIG_20261116.csv", content: `${lines.join("\r\n")}\r\n`, extractedAt: "2026-11-16T06:00:00Z" });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ file: "DENTA_ELIG_20261116.csv", brand: "denta" });
    const done = await finished(started.body.id);
    expect(done).toMatchObject({
      id: started.body.id,
      status: "success",
      rowsRead: 5,
      rowsWritten: 2,
      rowsRejected: 3,
      message: "Imported 2 rows from DENTA_ELIG_20261116.csv, 3 rejected (row 4: missing Last_Name; row 6: unknown practice code 'NO-SUCH'; row 7: duplicate Subscriber_ID in file (same practice as line 2))",
    });
    expect(done.bytesRead).toBe(done.bytesTotal);
    expect(done.rejections).toEqual([
      { line: 4, reason: "missing Last_Name" },
      { line: 6, reason: "unknown practice code 'NO-SUCH'" },
      { line: 7, reason: "duplicate Subscriber_ID in file (same practice as line 2)" },
    ]);
    expect((await search("Zabriskie")).map((member) => [member.First_Name, member.Practice, member.Status, member.Result])).toEqual(
      expect.arrayContaining([
        ["Quinn", practice, "New Patient", ""],
        ["Rory", practice, "New Patient", ""],
      ]),
    );
    const [log] = await importJobLogs("DENTA");
    expect(log).toMatchObject({ id: started.body.id, status: "success", message: done.message });
  });

  it("updates a member already on the list instead of adding another", async () => {
    const [member] = await search("Zabriskie");
    const line = `${member.Subscriber_ID},,DentaQuest CHIP,${member.First_Name},,Zabriskie-Ortiz,${member.Practice},2 Oak St,Houston,TX,(713) 555-0199,2015-03-14`;
    const started = await upload({ fileName: "denta-update.csv", content: [HEADER, line].join("\n") });
    expect((await finished(started.body.id)).rowsWritten).toBe(1);
    const found = await search("Zabriskie-Ortiz");
    expect(found.map((m) => [m.id, m.MCO, m.Address1])).toEqual([[member.id, "DentaQuest CHIP", "2 Oak St"]]);
  });

  it("refuses a file that is not a members CSV file, naming the field, and imports nothing", async () => {
    const before = await importJobLogs("MCNA");
    const notCsv = await upload({ fileName: "MCNA_ELIG.xlsx", content: HEADER });
    expect(notCsv.status).toBe(400);
    expect(fieldsOf(notCsv.body)).toEqual(["fileName"]);
    const wrongHeader = await upload({ fileName: "MCNA_ELIG.csv", content: "PK\u0003\u0004 binary spreadsheet\nrow" });
    expect(wrongHeader.status).toBe(400);
    expect(fieldsOf(wrongHeader.body)).toEqual(["body"]);
    expect(wrongHeader.body.details[0].message).toMatch(/^is not a members file: MCNA_ELIG\.csv has an unexpected header \(missing 'Subscriber_ID', /);
    const noPayer = await upload({ fileName: "eligibility.csv", content: HEADER });
    expect(fieldsOf(noPayer.body)).toEqual(["brand"]);
    const unknownPractice = await upload({ fileName: "MCNA_ELIG.csv", practice: "NO-SUCH", content: HEADER });
    expect(fieldsOf(unknownPractice.body)).toEqual(["practice"]);
    expect(await importJobLogs("MCNA")).toEqual(before);
  });

  it("names an empty file, and one that is not UTF-8 text, instead of importing it", async () => {
    const before = await importJobLogs("MCNA");
    const empty = await upload({ fileName: "MCNA_empty.csv", content: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([{ field: "body", message: "MCNA_empty.csv is empty" }]);
    // Latin-1 bytes ("Müller"): not UTF-8, so not a text file, rather than "M�ller" imported.
    const bytes = Buffer.from(`${HEADER}\n1,,MCNA,Ann,,M@ller,X,,,,,2015-03-14`);
    bytes[bytes.indexOf("M@ller") + 1] = 0xfc;
    const latin1 = await upload({ fileName: "MCNA_latin1.csv", content: new Uint8Array(bytes) });
    expect(latin1.status).toBe(400);
    expect(fieldsOf(latin1.body)).toEqual(["body"]);
    expect(latin1.body.details[0].message).toBe("MCNA_latin1.csv is not a text file: save the payer's list as CSV (UTF-8) and choose that file.");
    // A character cut at the very end is no UTF-8 either; a NUL is never in a CSV file.
    const cut = Buffer.from(`${HEADER}\n1,,MCNA,Ann,,Müller`).subarray(0, -5);
    expect(fieldsOf((await upload({ fileName: "MCNA_cut.csv", content: new Uint8Array(cut) })).body)).toEqual(["body"]);
    expect(fieldsOf((await upload({ fileName: "MCNA_nul.csv", content: `${HEADER}\n1,\u0000` })).body)).toEqual(["body"]);
    expect(await importJobLogs("MCNA")).toEqual(before);
  });

  it("takes the file as text/csv only (415 for JSON), and the file's name in the query (400 without it)", async () => {
    const before = await importJobLogs("MCNA");
    const json = await backend.api.post("/Members/imports", { token: backend.admin.token, query: { fileName: "MCNA_ELIG.csv" }, body: { content: HEADER } });
    expect(json.status).toBe(415);
    const noName = await backend.api.post("/Members/imports", { token: backend.admin.token, rawBody: HEADER, contentType: "text/csv" });
    expect(noName.status).toBe(400);
    expect(fieldsOf(noName.body)).toEqual(["fileName"]);
    expect(await importJobLogs("MCNA")).toEqual(before);
  });

  it("refuses a file name with a line break or a control character, naming fileName", async () => {
    const before = await importJobLogs("MCNA");
    for (const fileName of ["MCNA_ELIG\r\nInjected: yes.csv", "MCNA_\u001b[2JELIG.csv", "MCNA_\u202Evsc.csv", "MCNA\tELIG.csv"]) {
      const refused = await upload({ fileName, content: HEADER });
      expect(refused.status, JSON.stringify(fileName)).toBe(400);
      expect(fieldsOf(refused.body)).toEqual(["fileName"]);
    }
    expect(await importJobLogs("MCNA")).toEqual(before);
  });

  it("says so when a file imported nothing, and that run is not a success; one row is one row", async () => {
    const headerOnly = await upload({ fileName: "UHC_header.csv", content: `${HEADER}\r\n` });
    expect(headerOnly.status).toBe(202);
    expect(await finished(headerOnly.body.id)).toMatchObject({ status: "failure", rowsWritten: 0, message: "Nothing imported: UHC_header.csv has no rows under its header" });
    const refusedAll = await upload({ fileName: "UHC_bad.csv", content: `${HEADER}\n1,,UHC,Ann,,,NO-SUCH,,,,,2015-03-14` });
    expect(await finished(refusedAll.body.id)).toMatchObject({ status: "failure", rowsRejected: 1, message: expect.stringMatching(/^Nothing imported from UHC_bad\.csv: every row was rejected, 1 row \(row 2: /) });
    const [log] = await importJobLogs("UHC");
    expect(log).toMatchObject({ id: refusedAll.body.id, status: "failure" });

    const practice = await dentaPractice();
    const one = await upload({ fileName: "DENTA_one.csv", content: `${HEADER}\n900000009,,DentaQuest Medicaid,Uma,,Yarrow,${practice},,,,,2015-03-14` });
    expect(await finished(one.body.id)).toMatchObject({ status: "success", message: "Imported 1 row from DENTA_one.csv, 0 rejected" });
  });

  it("answers 413 to a file larger than a body may be, and imports nothing", async () => {
    const before = await importJobLogs("UHC");
    const tooLarge = await upload({ fileName: "UHC_ELIG.csv", content: `${HEADER}\n${"9,".repeat(5_000_001)}` });
    expect(tooLarge.status).toBe(413);
    expect(await importJobLogs("UHC")).toEqual(before);
  });

  it("follows any run of an import job, answers 404 for another job's run, 400 naming id", async () => {
    const [scheduled] = await importJobLogs("TMHP");
    expect((await run(scheduled.id)).body).toMatchObject({ id: scheduled.id, brand: "tmhp", message: scheduled.message });
    const refresh = (await crons()).find((cron) => cron.title === "Refresh recare statuses").logs[0];
    expect((await run(refresh.id)).status).toBe(404);
    expect((await run(987654)).status).toBe(404);
    expect(fieldsOf((await run("latest")).body)).toContain("id");
  });

  it("is for administrators: 403 to other staff, and nothing is imported", async () => {
    const before = await importJobLogs("DENTA");
    expect((await upload({ fileName: "DENTA_X.csv", content: HEADER }, backend.staff.token)).status).toBe(403);
    expect((await run(before[0].id, backend.staff.token)).status).toBe(403);
    expect(await importJobLogs("DENTA")).toEqual(before);
  });
});
