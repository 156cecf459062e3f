// The recordings import's case of npm run bench:recordings: 100,000 keys of the plain layout
// (`YYYY-MM-DD/<practice>/<campaign>/<phone>_<agent>_<HHMMSS>.wav`, 100 days × 20 practices × 2
// campaigns, every tenth matching a member's call start) in a real S3 server in this process
// (s3rver), taken in by the job's runner as a schedule runs it: listed 1,000 a page (the next page
// asked for while one is written), each page written in one transaction from the listing alone,
// then the audio of the run's 1,000 first recordings checked by their first bytes (the rest in the
// runs after it, docs/operations.md). Prints recordings per second (the
// target: at least 1,000). The objects are written in s3rver's own folder format (writing 100,000
// through its HTTP API would take longer than the import); the database is a fresh one: PGlite in
// memory, or a schema of its own in BENCH_DATABASE_URL's PostgreSQL, dropped afterwards.
//   npx tsx bench/recordingsIngest.ts [keys] [pglite|postgres]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sql } from "kysely";
import S3rver from "s3rver";
import { JOBS } from "../domain/jobs.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase, type DatabaseHandle } from "../server/db/connection.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { writeReferenceData } from "../server/db/referenceData.ts";
import { executeJob } from "../server/jobs/runner.ts";
import { importRecordings } from "../server/recordings/ingest/importRecordings.ts";
import { letS3rverPageListings, S3RVER_KEYS, WAV } from "../tests/support/recordingsSource.ts";

const RECORDINGS_JOB = JOBS.find((job) => job.key === "import-recordings")!.id;
const BUCKET = "phone-system";
const PRACTICES = 20;
const AGENTS = 20;

async function freshDatabase(engine: string): Promise<DatabaseHandle> {
  const url = process.env.BENCH_DATABASE_URL;
  if (engine !== "postgres") return openDatabase({ dataDir: "memory://" });
  if (!url) throw new Error("postgres needs BENCH_DATABASE_URL");
  const schema = `bench_recordings_${process.pid}`;
  const admin = await openDatabase({ url });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const database = await openDatabase({ url, schema });
  return { ...database, close: async () => (await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db), await database.close()) };
}

const phoneOf = (index: number) => `713${String(5_000_000 + (index % 1_000_000)).padStart(7, "0")}`;

async function seed(database: DatabaseHandle, keys: number): Promise<void> {
  const { db } = database;
  await writeReferenceData(db);
  await db.insertInto("regions").values({ id: 1, name: "SMD", brand_name: "Smile Magic" }).execute();
  await db.insertInto("practices").values(Array.from({ length: PRACTICES }, (_, i) => ({ id: i + 1, name: `Practice ${i + 1}`, abbr: `P${i + 1}`, region_id: 1, brands: ["denta"] }))).execute();
  await db.insertInto("users").values(Array.from({ length: AGENTS }, (_, i) => ({ id: i + 1, email: `agent${i + 1}@example.test`, firstname: "A", lastname: `${i + 1}`, default_page: "/members/all", password_hash: null }))).execute();
  // Every tenth key is a call an agent started from a member's phone link.
  const matched = Array.from({ length: Math.ceil(keys / 10) }, (_, n) => n * 10);
  for (let start = 0; start < matched.length; start += 1000) {
    const chunk = matched.slice(start, start + 1000);
    const members = await db
      .insertInto("members")
      .values(chunk.map((i) => ({
        company: "denta", subscriber_id: `R${i}`, pat_num: "", mco: "DQ", first_name: "F", middle_name: "", last_name: "L", practice_id: (i % PRACTICES) + 1,
        address1: "", city: "", state: "TX", phone: phoneOf(i), date_of_birth: "2015-01-01", days_extracted: 0, entry_time: "2026-01-01T00:00:00Z",
      })))
      .returning("id")
      .execute();
    await db.insertInto("call_starts").values(chunk.map((i, n) => ({ member_id: members[n]!.id, user_id: (i % AGENTS) + 1, started_at: recordedAt(i) }))).execute();
  }
}

const dayOf = (index: number) => new Date(Date.UTC(2026, 6, 1) + Math.floor(index / (PRACTICES * 2 * 50)) * 86_400_000).toISOString().slice(0, 10);
const secondsOf = (index: number) => 8 * 3600 + (index % 2000) * 15;
const hhmmss = (seconds: number) => [seconds / 3600, (seconds / 60) % 60, seconds % 60].map((n) => String(Math.floor(n)).padStart(2, "0")).join("");
/** Chicago is 5 hours behind UTC in July to October. */
const recordedAt = (index: number) => new Date(Date.parse(`${dayOf(index)}T00:00:00Z`) + (secondsOf(index) + 5 * 3600) * 1000);

function keyOf(index: number): string {
  const practice = `P${(index % PRACTICES) + 1}`;
  const campaign = index % 2 === 0 ? "Recare" : "New patients";
  return `${dayOf(index)}/${practice}/${campaign}/${phoneOf(index)}_agent${(index % AGENTS) + 1}@example.test_${hhmmss(secondsOf(index))}.wav`;
}

/** Objects as s3rver's filesystem store keeps them: the bytes, their MD5 and their metadata. */
function writeObjects(directory: string, keys: number): void {
  const md5 = "d41d8cd98f00b204e9800998ecf8427e";
  for (let index = 0; index < keys; index += 1) {
    const path = join(directory, BUCKET, keyOf(index));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}._S3rver_object`, WAV);
    writeFileSync(`${path}._S3rver_object.md5`, md5);
    writeFileSync(`${path}._S3rver_metadata.json`, '{"content-type":"audio/wav"}');
  }
}

export async function benchRecordingsIngest(keys = 100_000, engine = "pglite") {
  letS3rverPageListings();
  const directory = mkdtempSync(join(tmpdir(), "recall-desk-bench-s3-"));
  writeObjects(directory, keys);
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const database = await freshDatabase(engine);
  try {
    await migrateToLatest(database.db);
    await seed(database, keys);
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: "memory://",
      RECORDINGS_SOURCE: `s3://${BUCKET}/`,
      RECORDINGS_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      RECORDINGS_S3_PATH_STYLE: "on",
      ...S3RVER_KEYS,
    });
    const load = loadavg()[0]!.toFixed(2);
    const started = performance.now();
    const result = await executeJob({ db: database.db, config }, RECORDINGS_JOB, { trigger: "schedule", runner: importRecordings });
    const seconds = (performance.now() - started) / 1000;
    const linked = await database.db.selectFrom("call_recordings").select((eb) => eb.fn.count<string>("call_start_id").as("n")).executeTakeFirstOrThrow();
    const written = result.ran ? (result.outcome.counts?.rowsWritten ?? 0) : 0;
    return { engine, keys, written, linkedToCalls: Number(linked.n), seconds: Number(seconds.toFixed(1)), perSecond: Math.round(written / seconds), loadAverageAtStart: load, message: result.ran ? result.outcome.message : result.reason };
  } finally {
    await database.close();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [keys = "100000", engine = "pglite"] = process.argv.slice(2);
  console.log(JSON.stringify(await benchRecordingsIngest(Number(keys), engine), null, 2));
  console.log(`load average after: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
}
