// A small fixed set of call recordings, with their audio files in a temporary RECORDINGS_DIR, and an
// app over it on a clock the test moves: PGlite, or PostgreSQL 15 with DATABASE_URL_TEST.
//   id  day         time (UTC)  practice  campaign      phone           agent
//   1   2026-11-14  15:00       SM-A      Inbound       (713) 555-0101  ann
//   2   2026-11-15  16:00       SM-B      Recare        (210) 555-0202  bob
//   3   2026-11-16  15:00       SM-A      Recare        (713) 555-0303  bob
//   4   2026-11-16  15:00       SM-A      Inbound       (832) 555-0404  ann
//   5   2026-11-16  17:00       SM-B      after hours   (956) 555-0505  ann
// The campaign "Zero" has no recordings.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../../server/app.ts";
import { openSession } from "../../server/auth/sessions.repository.ts";
import { loadConfig } from "../../server/config.ts";
import type { DatabaseHandle } from "../../server/db/connection.ts";
import { freshTestDatabase } from "./testDatabase.ts";

export const ANN = 1;
export const BOB = 2;
/** A real MP3 (demo/files/README.md): the audio behind every fixture recording. */
export const SOURCE_AUDIO = fileURLToPath(new URL("../../demo/files/recordings/inbound-call.mp3", import.meta.url));

const recording = (id: number, day: string, time: string, practice: number, campaign: number, phone: string, agent: string) => {
  const name = `${day.replace(/-/g, "")}-${time.replace(":", "")}00_${phone.replace(/\D/g, "")}.mp3`;
  const abbr = practice === 1 ? "SM-A" : "SM-B";
  return {
    id,
    name,
    date_folder: day,
    practice_id: practice,
    campaign_id: campaign,
    phone,
    agent_email: `${agent}@recalldesk.example`,
    size: 1000 * id,
    url: `${day}/${abbr}/${name}`,
    file_path: `${day}/${abbr}/${name}`,
    recorded_at: `${day}T${time}:00.000Z`,
  };
};

export const RECORDINGS = [
  recording(1, "2026-11-14", "15:00", 1, 1, "(713) 555-0101", "ann"),
  recording(2, "2026-11-15", "16:00", 2, 2, "(210) 555-0202", "bob"),
  recording(3, "2026-11-16", "15:00", 1, 2, "(713) 555-0303", "bob"),
  recording(4, "2026-11-16", "15:00", 1, 1, "(832) 555-0404", "ann"),
  recording(5, "2026-11-16", "17:00", 2, 3, "(956) 555-0505", "ann"),
];

async function insertFixture(database: DatabaseHandle): Promise<void> {
  const { db } = database;
  await db.insertInto("regions").values({ id: 1, name: "SMD", brand_name: "Smile Magic" }).execute();
  await db
    .insertInto("practices")
    .values([
      { id: 1, name: "Smile Magic A", abbr: "SM-A", region_id: 1, brands: ["denta"] },
      { id: 2, name: "Smile Magic B", abbr: "SM-B", region_id: 1, brands: ["denta"] },
    ])
    .execute();
  await db
    .insertInto("users")
    .values([
      { id: ANN, email: "ann@recalldesk.example", firstname: "Ann", lastname: "Agent", default_page: "/dashboard", password_hash: null },
      { id: BOB, email: "bob@recalldesk.example", firstname: "Bob", lastname: "Agent", default_page: "/dashboard", password_hash: null },
    ])
    .execute();
  await db
    .insertInto("call_campaigns")
    .values([
      { id: 1, name: "Inbound" },
      { id: 2, name: "Recare" },
      { id: 3, name: "after hours" },
      { id: 4, name: "Zero" },
    ])
    .execute();
  await db.insertInto("call_recordings").values(RECORDINGS).execute();
}

export interface RecordingsTestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  recordingsDir: string;
  /** Sets the app's clock. */
  setNow: (instant: string) => void;
  /** A bearer header of a new session of the user, opened at the app's time. */
  bearerOf: (userId: number) => Promise<{ authorization: string }>;
  close: () => Promise<void>;
}

export async function startRecordingsApp(): Promise<RecordingsTestApp> {
  const recordingsDir = mkdtempSync(join(tmpdir(), "recall-desk-recordings-test-"));
  for (const row of RECORDINGS) {
    const path = join(recordingsDir, row.file_path);
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(SOURCE_AUDIO, path);
  }
  const database = await freshTestDatabase();
  await insertFixture(database);
  let now = new Date("2026-11-16T18:00:00.000Z");
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", RECORDINGS_DIR: recordingsDir });
  const app = await buildApp({ config, database, now: () => now });
  const rules = { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs };
  return {
    app,
    database,
    recordingsDir,
    setNow: (instant) => void (now = new Date(instant)),
    bearerOf: async (userId) => ({ authorization: `Bearer ${(await openSession(database.db, userId, rules, now)).token}` }),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(recordingsDir, { recursive: true, force: true });
    },
  };
}
