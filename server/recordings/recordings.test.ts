// @vitest-environment node
// Call recordings on the small fixed set of tests/support/recordingsFixture.ts: filters, order,
// search and campaigns against answers worked out by hand; signed links on a fake clock (valid for
// exactly 5 minutes), tampered tokens, the attachment header, the file's bytes and the audit rows.
// Runs on PGlite, and on PostgreSQL 15 with DATABASE_URL_TEST.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingsInBatches } from "./recordings.repository.ts";
import { ANN, BOB, RECORDINGS, SOURCE_AUDIO, startRecordingsApp, type RecordingsTestApp } from "../../tests/support/recordingsFixture.ts";

let fixture: RecordingsTestApp;
let ann: { authorization: string };
beforeAll(async () => {
  fixture = await startRecordingsApp();
  ann = await fixture.bearerOf(ANN);
}, 60_000);
afterAll(() => fixture?.close());

async function get(url: string, headers: Record<string, string> = ann) {
  return fixture.app.inject({ method: "GET", url, headers });
}
const idsOf = async (query: string) => {
  const answer = await get(`/api/call-recordings/directoryList?selectedPageSize=1000&${query}`);
  expect(answer.statusCode).toBe(200);
  const body = answer.json() as { count: number; rows: { id: number }[] };
  expect(body.count).toBe(body.rows.length);
  return body.rows.map((row) => row.id);
};

describe("the directory", () => {
  it("is read for an export in batches, each after the last one's time and id, in the directory's order", async () => {
    const batches: number[][] = [];
    for await (const rows of recordingsInBatches(fixture.database.db, { search: "" }, 2)) batches.push(rows.map((row) => row.id));
    expect(batches).toEqual([[5, 4], [3, 2], [1]]);
  });

  it("lists newest first, ties by id descending, with every field of the contract", async () => {
    const answer = await get("/api/call-recordings/directoryList");
    expect(answer.json().count).toBe(5);
    expect(answer.json().rows.map((row: { id: number }) => row.id)).toEqual([5, 4, 3, 2, 1]);
    expect(answer.json().rows[4]).toEqual({
      id: 1,
      name: "20261114-150000_7135550101.mp3",
      dateFolder: "2026-11-14",
      practice: "SM-A",
      practiceId: 1,
      campaign: "Inbound",
      phone: "(713) 555-0101",
      mail: "ann@recalldesk.example",
      size: 1000,
      url: "2026-11-14/SM-A/20261114-150000_7135550101.mp3",
      recordedAt: "2026-11-14T15:00:00.000Z",
      audioRemovedAt: null,
      memberId: null,
    });
  });

  it("keeps the practice, the campaign, the day folder and the date range (both ends included)", async () => {
    expect(await idsOf("practice=1")).toEqual([4, 3, 1]);
    expect(await idsOf("campaign=Recare")).toEqual([3, 2]);
    expect(await idsOf("practice=1&campaign=Inbound")).toEqual([4, 1]);
    expect(await idsOf("practice=all&campaign=all")).toEqual([5, 4, 3, 2, 1]);
    expect(await idsOf("dateFolder=2026-11-14")).toEqual([1]);
    expect(await idsOf("dates=2026-11-15,2026-11-16")).toEqual([5, 4, 3, 2]);
    expect(await idsOf("dates=2026-11-14,2026-11-14")).toEqual([1]);
    expect(await idsOf("campaign=Zero")).toEqual([]);
    expect(await idsOf("practice=9")).toEqual([]);
    expect(await idsOf("practice=999999999")).toEqual([]);
    expect((await get("/api/call-recordings/directoryList?practice=2147483648")).statusCode).toBe(400);
  });

  it("searches the phone, the agent's e-mail and the file name, trimmed, ignoring case, wildcards taken literally", async () => {
    expect(await idsOf(`search=${encodeURIComponent(" 555-03 ")}`)).toEqual([3]);
    expect(await idsOf("search=ANN%40")).toEqual([5, 4, 1]);
    expect(await idsOf("search=20261115-160000")).toEqual([2]);
    expect(await idsOf("search=713&practice=1")).toEqual([3, 1]);
    // "5_5" would match "555" if "_" were LIKE's any-character; "%" would match everything.
    expect(await idsOf("search=5_5")).toEqual([]);
    expect(await idsOf("search=%25")).toEqual([]);
  });

  it("pages by offset and answers an empty page past the end with the count", async () => {
    const past = await get("/api/call-recordings/directoryList?activePage=2");
    expect(past.json()).toEqual({ count: 5, rows: [] });
  });

  it("answers 400 naming dateFolder for a day that does not exist", async () => {
    const answer = await get("/api/call-recordings/directoryList?dateFolder=2026-02-30");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details.map((d: { field: string }) => d.field)).toEqual(["dateFolder"]);
  });

  it("answers 400 naming dates for a date that does not exist and a range that starts after it ends", async () => {
    for (const dates of ["2026-02-30,2026-03-01", "2026-11-16,2026-11-15"]) {
      const answer = await get(`/api/call-recordings/directoryList?dates=${dates}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().details.map((d: { field: string }) => d.field)).toEqual(["dates"]);
    }
  });
});

describe("search and campaigns", () => {
  it("search answers the count of all matches and the rows newest first", async () => {
    const answer = await get(`/api/call-recordings/search?text=${encodeURIComponent(" bob@ ")}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().count).toBe(2);
    expect(answer.json().rows.map((row: { id: number }) => row.id)).toEqual([3, 2]);
  });

  it("lists the campaigns that have recordings with their counts, in code point order", async () => {
    const answer = await get("/api/call-recordings/campaigns");
    expect(answer.json()).toEqual([
      { name: "Inbound", count: 2 },
      { name: "Recare", count: 2 },
      { name: "after hours", count: 1 },
    ]);
  });
});

describe("signed downloads", () => {
  const recording = RECORDINGS[0]!;

  async function linkAt(instant: string, title = "call.mp3", key = recording.url) {
    fixture.setNow(instant);
    const answer = await get(`/api/call-recordings/downloadCallRecording?key=${encodeURIComponent(key)}&title=${encodeURIComponent(title)}`);
    expect(answer.statusCode).toBe(200);
    const link = new URL(answer.json().data as string);
    expect(link.origin).toBe("http://localhost");
    return { path: link.pathname, token: link.pathname.split("/").at(-1)! };
  }
  const fetchFile = (path: string) => fixture.app.inject({ method: "GET", url: path });

  it("serves the stored file, byte for byte, as an attachment named as asked, without a session", async () => {
    const { path } = await linkAt("2026-11-16T18:00:00.000Z", "Recare call 2026-11-16.mp3");
    const answer = await fetchFile(path);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("audio/mpeg");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="Recare call 2026-11-16.mp3"');
    expect(answer.rawPayload.equals(readFileSync(SOURCE_AUDIO))).toBe(true);
  });

  it("keeps a title beyond ASCII in the RFC 6266 form and quotes out of the quoted name", async () => {
    const { path } = await linkAt("2026-11-16T18:00:00.000Z", 'llamada "María".mp3');
    expect((await fetchFile(path)).headers["content-disposition"]).toBe(
      "attachment; filename=\"llamada _Mar_a_.mp3\"; filename*=UTF-8''llamada%20_Mar%C3%ADa_.mp3",
    );
  });

  it("works for 5 minutes and is refused (401) from then on", async () => {
    const { path } = await linkAt("2026-11-16T18:00:00.000Z");
    fixture.setNow("2026-11-16T18:04:59.999Z");
    expect((await fetchFile(path)).statusCode).toBe(200);
    fixture.setNow("2026-11-16T18:05:00.000Z");
    const expired = await fetchFile(path);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "Invalid or expired token", statusCode: 401 });
  });

  it("ends with the session it was issued in: signed out, idle, or its user disabled (401)", async () => {
    fixture.setNow("2026-11-16T18:00:00.000Z");
    const bob = await fixture.bearerOf(BOB);
    const issue = async (headers: { authorization: string }) => {
      const answer = await get(`/api/call-recordings/downloadCallRecording?key=${encodeURIComponent(recording.url)}&title=b.mp3`, headers);
      return new URL(answer.json().data as string).pathname;
    };
    const signedOut = await issue(bob);
    expect((await fetchFile(signedOut)).statusCode).toBe(200);
    expect((await fixture.app.inject({ method: "DELETE", url: "/api/sessions", headers: bob })).statusCode).toBe(204);
    expect((await fetchFile(signedOut)).statusCode).toBe(401);

    const idle = await issue(await fixture.bearerOf(BOB));
    await fixture.database.db.updateTable("sessions").set({ last_seen_at: new Date("2026-11-16T17:00:00.000Z") }).where("user_id", "=", BOB).execute();
    expect((await fetchFile(idle)).statusCode).toBe(401);

    const disabled = await issue(await fixture.bearerOf(BOB));
    await fixture.database.db.updateTable("users").set({ disabled: true }).where("id", "=", BOB).execute();
    expect((await fetchFile(disabled)).statusCode).toBe(401);
    await fixture.database.db.updateTable("users").set({ disabled: false }).where("id", "=", BOB).execute();
    expect((await fetchFile(disabled)).statusCode).toBe(200);
  });

  it("refuses a tampered token (401)", async () => {
    const { token } = await linkAt("2026-11-16T18:00:00.000Z");
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect((await fetchFile(`/api/call-recordings/file/${tampered}`)).statusCode).toBe(401);
    expect((await fetchFile(`/api/call-recordings/file/${token}x`)).statusCode).toBe(401);
    expect((await fetchFile(`/api/call-recordings/file/${token}`)).statusCode).toBe(200);
  });

  it("audits issuing the link and each fetch: who, what, from where", async () => {
    await fixture.database.db.deleteFrom("audit_log").execute();
    const { path } = await linkAt("2026-11-16T18:00:00.000Z");
    await fetchFile(path);
    const rows = await fixture.database.db.selectFrom("audit_log").select(["user_id", "action", "member_ids", "address"]).orderBy("id").execute();
    expect(rows).toEqual([
      { user_id: ANN, action: "downloadCallRecording", member_ids: [], address: "127.0.0.1" },
      { user_id: ANN, action: "getCallRecordingFile", member_ids: [], address: "127.0.0.1" },
    ]);
    const links = await fixture.database.db.selectFrom("recording_downloads").select(["recording_id"]).where("user_id", "=", ANN).execute();
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.recording_id === recording.id)).toBe(true);
  });

  it("answers 404 when the audio file is gone from storage", async () => {
    const { path } = await linkAt("2026-11-16T18:00:00.000Z");
    // Moved into the file store by the downloads above, and gone from the former folder too.
    await fixture.database.db.deleteFrom("stored_files").where("area", "=", "recordings").where("name", "=", recording.file_path).execute();
    rmSync(join(fixture.recordingsDir, recording.file_path));
    expect((await fetchFile(path)).statusCode).toBe(404);
  });

  it("answers 404 once the recording is deleted, and keeps the record of who asked for it", async () => {
    const deleted = RECORDINGS[1]!;
    const { path } = await linkAt("2026-11-16T18:00:00.000Z", "call.mp3", deleted.url);
    await fixture.database.db.deleteFrom("call_recordings").where("id", "=", deleted.id).execute();
    expect((await fetchFile(path)).statusCode).toBe(404);
    expect((await get(`/api/call-recordings/downloadCallRecording?key=${encodeURIComponent(deleted.url)}&title=x.mp3`)).statusCode).toBe(404);
    const kept = await fixture.database.db.selectFrom("recording_downloads").select("user_id").where("recording_id", "is", null).execute();
    expect(kept).toEqual([{ user_id: ANN }]);
  });
});
