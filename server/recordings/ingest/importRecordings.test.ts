// @vitest-environment node
// "Import call recordings" against a real S3 server in this process (s3rver) and a real temporary
// folder: the rows it writes and links, the keys it refuses and why, what a second run finds, a
// stopped run going on, and a bucket it cannot reach. On PGlite, and on PostgreSQL 15 when
// DATABASE_URL_TEST is set.
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { JOBS } from "../../../domain/jobs.ts";
import { loadConfig } from "../../config.ts";
import { openFixture, type Fixture } from "../../../tests/support/importFixture.ts";
import { MP3, startFolderPlace, startS3Place, WAV, type RecordingsPlace } from "../../../tests/support/recordingsSource.ts";
import { executeJob, type JobRunner } from "../../jobs/runner.ts";
import { importRecordings, recordingsImporter } from "./importRecordings.ts";
import { openSourceAudio } from "./sourceAudio.ts";

vi.setConfig({ testTimeout: 60_000 });

const RECORDINGS_JOB = JOBS.find((job) => job.key === "import-recordings")!.id;
const AGENT = { id: 2, email: "marcus@example.test", firstname: "Marcus", lastname: "Reed", is_admin: false };
/** Monday 2026-11-16, 9:30:05 in Chicago. */
const CALLED_AT = "2026-11-16T15:30:05Z";

let fixture: Fixture;
let memberId: number;
let callStartId: number;
beforeAll(async () => {
  fixture = await openFixture();
  await fixture.database.db.insertInto("users").values({ ...AGENT, default_page: "/members/all", password_hash: null }).execute();
}, 60_000);
afterAll(() => fixture.close());

beforeEach(async () => {
  const { db } = fixture.database;
  for (const table of ["call_recordings", "recording_import_cursors", "job_runs", "call_starts", "members"]) await sql`delete from ${sql.table(table)}`.execute(db);
  const member = await db
    .insertInto("members")
    .values({
      company: "denta", subscriber_id: "S1", pat_num: "", mco: "DentaQuest Medicaid", first_name: "Ana", middle_name: "", last_name: "Lopez",
      practice_id: 1, address1: "", city: "", state: "TX", phone: "(713) 555-0101", date_of_birth: "2015-01-01", days_extracted: 0,
      entry_time: "2026-11-01T00:00:00Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  memberId = member.id;
  const start = await db.insertInto("call_starts").values({ member_id: memberId, user_id: AGENT.id, started_at: new Date("2026-11-16T15:29:10Z") }).returning("id").executeTakeFirstOrThrow();
  callStartId = start.id;
});

const run = (env: Record<string, string>, runner: JobRunner = importRecordings, signal?: AbortSignal) =>
  executeJob({ db: fixture.database.db, config: loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", ...env }) }, RECORDINGS_JOB, {
    trigger: "schedule",
    runner,
    signal,
  });

const lastRun = () =>
  fixture.database.db.selectFrom("job_runs").select(["id", "status", "message", "rows_read", "rows_written", "rows_rejected"]).where("job_id", "=", RECORDINGS_JOB).orderBy("id", "desc").executeTakeFirstOrThrow();

const rejections = (runId: number) =>
  fixture.database.db.selectFrom("job_run_rejections").select("reason").where("run_id", "=", runId).orderBy("line").execute();

const recordings = () =>
  fixture.database.db
    .selectFrom("call_recordings as r")
    .innerJoin("call_campaigns as c", "c.id", "r.campaign_id")
    .select(["r.name", "r.url", "r.practice_id", "c.name as campaign", "r.phone", "r.agent_email", "r.size", "r.recorded_at", "r.member_id", "r.call_start_id", "r.audio_in", "r.file_path", sql<string>`to_char(r.date_folder, 'YYYY-MM-DD')`.as("date_folder")])
    .orderBy("r.url")
    .execute();

describe("from a bucket (s3rver)", () => {
  let place: RecordingsPlace;
  beforeEach(async () => {
    place = await startS3Place();
  });
  afterEach(() => place.close());

  it("writes a row per new recording, linked to its member and call, and refuses what it cannot read, saying why", async () => {
    await place.put("2026-11-16/SM-HOUS/Recare/713-555-0101_Marcus@example.test_093005.wav", WAV);
    await place.put("2026-11-16/SM-PASA/New patients/7135550199_marcus@example.test_101500.mp3", MP3);
    await place.put("2026-11-16/XX-NONE/Recare/7135550101_marcus@example.test_093005.wav", WAV);
    await place.put("2026-11-16/SM-HOUS/Recare/7135550102_marcus@example.test_093006.wav", Buffer.from("not audio at all"));
    await place.put("2026-11-16/SM-HOUS/Recare/7135550103_marcus@example.test_093007.wav", new Uint8Array());
    await place.put("readme.txt", Buffer.from("the phone system's notes"));

    await run(place.env);

    const logged = await lastRun();
    expect(logged).toMatchObject({ status: "success", rows_read: 6, rows_written: 2, rows_rejected: 4 });
    expect(logged.message).toBe(
      "Imported 2 recordings from s3://phone-system/calls/; 4 keys refused (empty: 1, unknown practice: 1, outside the layout: 1, not audio: 1)",
    );
    expect((await rejections(logged.id)).map((row) => row.reason)).toEqual([
      "2026-11-16/SM-HOUS/Recare/7135550102_marcus@example.test_093006.wav: not an audio file (its first bytes are no known audio format)",
      "2026-11-16/SM-HOUS/Recare/7135550103_marcus@example.test_093007.wav: the file is empty (0 bytes)",
      '2026-11-16/XX-NONE/Recare/7135550101_marcus@example.test_093005.wav: no practice is abbreviated "XX-NONE"',
      expect.stringMatching(/^readme.txt: does not fit the layout/),
    ]);
    expect(await recordings()).toEqual([
      {
        name: "713-555-0101_Marcus@example.test_093005.wav",
        url: "2026-11-16/SM-HOUS/Recare/713-555-0101_Marcus@example.test_093005.wav",
        practice_id: 1,
        campaign: "Recare",
        phone: "(713) 555-0101",
        agent_email: "marcus@example.test",
        size: WAV.length,
        recorded_at: new Date(CALLED_AT),
        member_id: memberId,
        call_start_id: callStartId,
        audio_in: "source",
        file_path: "s3://phone-system/calls/2026-11-16/SM-HOUS/Recare/713-555-0101_Marcus@example.test_093005.wav",
        date_folder: "2026-11-16",
      },
      expect.objectContaining({ campaign: "New patients", practice_id: 2, phone: "(713) 555-0199", member_id: null, call_start_id: null, size: MP3.length }),
    ]);
  });

  it("takes a backlog in from the listing, and checks its audio over the runs after, removing what is not audio", async () => {
    await place.put("2026-11-16/SM-HOUS/Recare/7135550101_marcus@example.test_093005.wav", WAV);
    await place.put("2026-11-16/SM-HOUS/Recare/7135550102_marcus@example.test_093006.wav", Buffer.from("not audio at all"));
    await place.put("2026-11-16/SM-HOUS/Recare/7135550103_marcus@example.test_093007.mp3", MP3);
    const oneCheckARun = recordingsImporter(1000, 1);
    await run(place.env, oneCheckARun);
    expect(await lastRun()).toMatchObject({ status: "success", rows_read: 3, rows_written: 3, message: "Imported 3 recordings from s3://phone-system/calls/" });
    expect(await recordings()).toHaveLength(3);

    await run(place.env, oneCheckARun);
    const second = await lastRun();
    expect(second).toMatchObject({ status: "success", rows_read: 0 });
    expect(second.message).toBe(
      "No new recordings in s3://phone-system/calls/ after 2026-11-16/SM-HOUS/Recare/7135550103_marcus@example.test_093007.mp3; 1 recording of earlier runs removed (not audio, or gone)",
    );
    expect((await rejections(second.id)).map((row) => row.reason)).toEqual([
      "2026-11-16/SM-HOUS/Recare/7135550102_marcus@example.test_093006.wav: not an audio file (its first bytes are no known audio format)",
    ]);
    expect((await recordings()).map((row) => row.name)).toEqual(["7135550101_marcus@example.test_093005.wav", "7135550103_marcus@example.test_093007.mp3"]);

    await run(place.env, oneCheckARun);
    expect((await lastRun()).message).toBe("No new recordings in s3://phone-system/calls/ after 2026-11-16/SM-HOUS/Recare/7135550103_marcus@example.test_093007.mp3");
    const unchecked = await fixture.database.db.selectFrom("call_recordings").select("id").where("audio_checked_at", "is", null).execute();
    expect(unchecked).toEqual([]);
  });

  it("lists only what came after the last run, and says when there is nothing new", async () => {
    await place.put("2026-11-17/SM-HOUS/Recare/7135550101_marcus@example.test_080000.wav", WAV);
    await run(place.env);
    expect(await lastRun()).toMatchObject({ status: "success", rows_read: 1, rows_written: 1, message: "Imported 1 recording from s3://phone-system/calls/" });
    await run(place.env);
    expect(await lastRun()).toMatchObject({
      status: "success",
      rows_read: 0,
      message: "No new recordings in s3://phone-system/calls/ after 2026-11-17/SM-HOUS/Recare/7135550101_marcus@example.test_080000.wav",
    });
    expect(await recordings()).toHaveLength(1);
  });

  it("never adds a key twice, even listed again from the start", async () => {
    await place.put("2026-11-18/SM-HOUS/Recare/7135550101_marcus@example.test_080000.wav", WAV);
    await run(place.env);
    await sql`delete from recording_import_cursors`.execute(fixture.database.db);
    await run(place.env);
    const logged = await lastRun();
    expect(logged).toMatchObject({ status: "success", rows_written: 0 });
    expect(logged.message).toBe("Imported 0 recordings from s3://phone-system/calls/; 1 key was imported before");
    expect((await recordings()).filter((row) => row.url.startsWith("2026-11-18/"))).toHaveLength(1);
  });

  it("goes on after the last page a stopped run committed", async () => {
    for (const second of ["01", "02", "03", "04"]) await place.put(`2026-11-19/SM-HOUS/Recare/7135550101_marcus@example.test_0800${second}.wav`, WAV);
    const stopping = new AbortController();
    const stoppedAfterOnePage: JobRunner = (context) =>
      recordingsImporter(2)({ ...context, progress: async (...args) => (await context.progress(...args), stopping.abort()) });
    await run(place.env, stoppedAfterOnePage, stopping.signal);
    expect(await lastRun()).toMatchObject({ status: "failure", rows_written: 2, message: expect.stringMatching(/stopped: the server stopped; the next run goes on after the last key imported$/) });
    await run(place.env, recordingsImporter(2));
    expect(await lastRun()).toMatchObject({ status: "success", rows_read: 2, rows_written: 2 });
    expect((await recordings()).map((row) => row.name.slice(-10, -4))).toEqual(["080001", "080002", "080003", "080004"]);
  });

  it("fails with one line when the bucket refuses the credentials, and the next run tries again", async () => {
    await place.put("2026-11-20/SM-HOUS/Recare/7135550101_marcus@example.test_080000.wav", WAV);
    await run({ ...place.env, RECORDINGS_S3_ACCESS_KEY_ID: "WRONG" });
    const failed = await lastRun();
    expect(failed.status).toBe("failure");
    expect(failed.message).toMatch(/^Failed: s3:\/\/phone-system\/calls\/ cannot be read: InvalidAccessKeyId: .*; the next run tries again$/);
    expect(failed.message).not.toContain("\n");
    await run(place.env);
    expect(await lastRun()).toMatchObject({ status: "success", rows_written: 1 });
  });

  it("leaves the audio in the bucket, where the download reads it", async () => {
    await place.put("2026-11-21/SM-HOUS/Recare/7135550101_marcus@example.test_080000.wav", WAV);
    await run(place.env);
    const [row] = await recordings();
    const audio = await openSourceAudio(loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", ...place.env }), row!.file_path);
    expect(audio).toMatchObject({ contentType: "audio/wav", size: WAV.length });
    expect(Buffer.concat(await audio!.body.toArray())).toEqual(WAV);
  });

  it("fails with one line when the bucket cannot be reached", async () => {
    await run({ ...place.env, RECORDINGS_S3_ENDPOINT: "http://127.0.0.1:9" });
    const failed = await lastRun();
    expect(failed.status).toBe("failure");
    expect(failed.message).toMatch(/cannot be read: .*ECONNREFUSED/);
    expect(failed.message).not.toContain("\n");
  });
});

describe("from a folder", () => {
  let place: RecordingsPlace;
  beforeEach(async () => {
    place = await startFolderPlace();
  });
  afterEach(() => place.close());

  it("reads FreePBX's monitor folder: the practice and agent come from the call start of that phone and time", async () => {
    await place.put("2026/11/16/out-17135550101-201-20261116-093005-1763307005.42.wav", WAV);
    await place.put("2026/11/16/out-17135550177-201-20261116-093005-1763307005.43.wav", WAV);
    await run({ ...place.env, RECORDINGS_LAYOUT: "freepbx" });
    const logged = await lastRun();
    expect(logged).toMatchObject({ status: "success", rows_written: 1, rows_rejected: 1 });
    expect((await rejections(logged.id))[0]!.reason).toBe(
      "2026/11/16/out-17135550177-201-20261116-093005-1763307005.43.wav: the key names no practice and no call start matches it",
    );
    expect(await recordings()).toEqual([
      expect.objectContaining({ practice_id: 1, agent_email: AGENT.email, phone: "(713) 555-0101", member_id: memberId, call_start_id: callStartId, campaign: "Phone system" }),
    ]);
  });

  it("files the recording of a call made for a campaign under the campaign's name", async () => {
    const { db } = fixture.database;
    const campaign = await db
      .insertInto("campaigns")
      .values({ name: "MCNA recare Houston", starts_on: "2026-11-16", ends_on: "2026-11-20", state: "active" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("call_starts").set({ campaign_id: campaign.id }).where("id", "=", callStartId).execute();
    await place.put("2026/11/16/out-17135550101-201-20261116-093005-1763307005.42.wav", WAV);
    await run({ ...place.env, RECORDINGS_LAYOUT: "freepbx" });
    expect(await recordings()).toEqual([expect.objectContaining({ call_start_id: callStartId, campaign: "MCNA recare Houston" })]);
    await db.updateTable("call_starts").set({ campaign_id: null }).execute();
    await db.deleteFrom("campaigns").execute();
  });

  it("reads Amazon Connect's keys, matched to the one call started at that time", async () => {
    await place.put("connect/recall/CallRecordings/2026/11/16/4f1c-77_20261116T15:30_UTC.wav", WAV);
    await run({ ...place.env, RECORDINGS_LAYOUT: "amazon-connect" });
    expect(await recordings()).toEqual([expect.objectContaining({ practice_id: 1, agent_email: AGENT.email, phone: "(713) 555-0101", member_id: memberId })]);
  });

  it("walks the folder in the bucket's key order, after the last key", async () => {
    // "a-b" sorts before the folder "a/" (a hyphen before a slash), as S3 lists them.
    for (const key of ["2026-11-16/SM-HOUS/R/7135550101_marcus@example.test_093005.wav", "2026-11-16/SM-HOUS/R-2/7135550101_marcus@example.test_093005.wav"]) {
      await place.put(key, WAV);
    }
    await run(place.env, recordingsImporter(1));
    expect((await recordings()).map((row) => row.campaign).sort()).toEqual(["R", "R-2"]);
    expect(await lastRun()).toMatchObject({ rows_read: 2 });
  });

  it("is skipped, saying which setting it needs, without a place", async () => {
    await run({});
    expect(await lastRun()).toMatchObject({ status: "skipped", message: "Skipped: no phone system recordings place is configured (RECORDINGS_SOURCE); nothing imported" });
  });
});
