// npm run bench:recordings: call recordings on each file store (the database, and an S3 bucket of a
// real S3 server in this process, s3rver), and a recording the import took in, whose audio stays in
// the phone system's bucket (s3rver too), over HTTP against the real server in this process:
//   stream  one long recording (200 MB by default) fetched whole through its download link, with
//           the process's resident memory and heap sampled every 20 ms against their level before:
//           the peak must not grow with the file (streamed a part at a time);
//   range   Range requests of 64 kB at random places of it, one after another, as a player seeks:
//           the time to the answer's first byte, p50/p95/p99 (target p95 ≤ 50 ms).
// The database is the 1,500-member demo world in memory (PGlite); one of its recordings is given
// the long audio. Exit 1 when a byte count is wrong or a range answers anything but 206.
//   npx tsx --expose-gc bench/recordings.ts [database|s3|imported|both|all] [megabytes] [ranges]
// Default: all (both stores and the imported recording), 200 MB, 200 ranges.
import { loadavg } from "node:os";
import { openDatabase } from "../server/db/connection.ts";
import { seededTemplate } from "../server/db/template.ts";
import { s3FileStore } from "../server/files/s3FileStore.ts";
import { s3ClientOf } from "../server/files/s3Settings.ts";
import { startS3Server, type TestS3Server } from "../tests/support/s3Server.ts";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";

/** imported: audio_in "source", read where the phone system wrote it. */
type Store = "database" | "s3" | "imported";
const STORES: readonly Store[] = ["database", "s3", "imported"];
const MB = 1024 * 1024;
const RANGE_BYTES = 64 * 1024;

export interface PlaybackResult {
  store: Store;
  megabytes: number;
  streamSeconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  heapBeforeMb: number;
  heapPeakMb: number;
  ranges: number;
  firstByteP50: number;
  firstByteP95: number;
  firstByteP99: number;
  load: number;
}

/** `megabytes` of audio-like bytes, 1 MB at a time (never whole in memory). */
async function* longAudio(megabytes: number) {
  const chunk = Buffer.alloc(MB);
  for (let index = 0; index < megabytes; index += 1) {
    chunk.fill(index % 251);
    yield chunk;
  }
}

function sampleMemory() {
  const peak = { rss: 0, heap: 0 };
  const read = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heap = Math.max(peak.heap, heapUsed);
  };
  const timer = setInterval(read, 20);
  return { stop: () => (clearInterval(timer), read(), peak) };
}

/** The phone system's bucket as RECORDINGS_SOURCE and RECORDINGS_S3_* reach it. */
const phoneSystemEnv = (bucket: TestS3Server) => ({
  RECORDINGS_SOURCE: `s3://${bucket.settings.bucket}/`,
  RECORDINGS_S3_ENDPOINT: bucket.settings.endpoint!,
  RECORDINGS_S3_PATH_STYLE: "on",
  RECORDINGS_S3_ACCESS_KEY_ID: bucket.settings.credentials!.accessKeyId,
  RECORDINGS_S3_SECRET_ACCESS_KEY: bucket.settings.credentials!.secretAccessKey,
});

async function benchStore(store: Store, megabytes: number, ranges: number): Promise<PlaybackResult> {
  const bucket = store === "database" ? undefined : await startS3Server(store === "s3" ? "recall-desk-bench" : "phone-system");
  const database = await openDatabase({ dataDir: "memory://", template: await seededTemplate({ size: 1500 }) });
  const env = !bucket ? {} : store === "s3" ? bucket.env : phoneSystemEnv(bucket);
  const server = await startBenchServer(database, undefined, env);
  try {
    const size = megabytes * MB;
    const name = "bench/long-recording.wav";
    // The phone system writes its own bucket: the object is put there, and the row names it as the import does.
    const files = bucket && store === "imported" ? s3FileStore(s3ClientOf(bucket.settings), bucket.settings) : server.services.files;
    await files.putStream("recordings", name, longAudio(megabytes), "audio/wav");
    const audio = store === "imported" ? { file_path: `s3://${bucket!.settings.bucket}/recordings/${name}`, audio_in: "source" as const } : { file_path: name };
    const recording = await database.db.selectFrom("call_recordings").select(["id", "url"]).orderBy("id").limit(1).executeTakeFirstOrThrow();
    await database.db.updateTable("call_recordings").set(audio).where("id", "=", recording.id).execute();
    const [token] = await server.tokens(1);
    const issued = await fetch(`${server.baseUrl}/call-recordings/downloadCallRecording?key=${encodeURIComponent(recording.url)}&title=long.wav`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const link = ((await issued.json()) as { data: string }).data;

    globalThis.gc?.();
    const before = process.memoryUsage();
    const sampler = sampleMemory();
    const started = performance.now();
    const whole = await fetch(link);
    let received = 0;
    for await (const chunk of whole.body!) received += (chunk as Uint8Array).byteLength;
    const streamSeconds = (performance.now() - started) / 1000;
    const peak = sampler.stop();
    if (received !== size) throw new Error(`${store}: received ${received} bytes of ${size}`);

    const firstBytes: number[] = [];
    for (let index = 0; index < ranges; index += 1) {
      const start = Math.floor(Math.random() * (size - RANGE_BYTES));
      const asked = performance.now();
      const answer = await fetch(link, { headers: { range: `bytes=${start}-${start + RANGE_BYTES - 1}` } });
      const reader = answer.body!.getReader();
      await reader.read();
      firstBytes.push(performance.now() - asked);
      while (!(await reader.read()).done);
      if (answer.status !== 206) throw new Error(`${store}: a range answered ${answer.status}`);
    }
    return {
      store,
      megabytes,
      streamSeconds,
      rssBeforeMb: before.rss / MB,
      rssPeakMb: peak.rss / MB,
      heapBeforeMb: before.heapUsed / MB,
      heapPeakMb: peak.heap / MB,
      ranges,
      firstByteP50: quantile(firstBytes, 0.5),
      firstByteP95: quantile(firstBytes, 0.95),
      firstByteP99: quantile(firstBytes, 0.99),
      load: loadavg()[0]!,
    };
  } finally {
    await server.close();
    await database.close();
    await bucket?.close();
  }
}

export async function benchPlayback(stores: Store[], megabytes: number, ranges: number): Promise<PlaybackResult[]> {
  const results: PlaybackResult[] = [];
  for (const store of stores) results.push(await benchStore(store, megabytes, ranges));
  return results;
}

function printPlayback(results: PlaybackResult[]): void {
  console.log(`\n### A ${results[0]?.megabytes ?? 0} MB recording streamed, and Range requests of 64 kB\n`);
  console.log("| store | stream s | MB/s | RSS before → peak (MB) | heap before → peak (MB) | ranges | first byte p50 / p95 / p99 (ms) | load |");
  console.log("| --- | ---: | ---: | --- | --- | ---: | --- | ---: |");
  for (const r of results) {
    console.log(
      `| ${r.store} | ${r.streamSeconds.toFixed(1)} | ${(r.megabytes / r.streamSeconds).toFixed(0)} | ${r.rssBeforeMb.toFixed(0)} → ${r.rssPeakMb.toFixed(0)} | ` +
        `${r.heapBeforeMb.toFixed(0)} → ${r.heapPeakMb.toFixed(0)} | ${r.ranges} | ${ms(r.firstByteP50)} / ${ms(r.firstByteP95)} / ${ms(r.firstByteP99)} | ${r.load.toFixed(1)} |`,
    );
  }
}

const [which = "all", megabytes = "200", ranges = "200"] = process.argv.slice(2);
const stores: Store[] = which === "all" ? [...STORES] : which === "both" ? ["database", "s3"] : [which as Store];
if (!stores.every((store) => STORES.includes(store))) throw new Error(`${which} is not a store (database, s3, imported, both, all)`);
const playback = await benchPlayback(stores, Number(megabytes), Number(ranges));
printPlayback(playback);
keepResult("recordings", { playback });
