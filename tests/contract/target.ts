// The backend under test. The suite speaks HTTP to `baseUrl` only; what HTTP cannot do (end a
// session as an idle timeout would, let a download link's 5 minutes pass) are hooks each target
// provides.
//   CONTRACT_TARGET=mock   (default) the fake backend's handlers on a local HTTP host
//   CONTRACT_TARGET=server the real server (server/app.ts) on port 0 with the demo data: PGlite in
//                          memory, or a fresh database on the cluster of DATABASE_URL_TEST when that is set, or with
//                          CONTRACT_DATABASE=pooler a fresh database reached through the pooler
//                          (DATABASE_POOLER_URL_TEST; tests/support/pooledDatabase.ts), its reports
//                          read from the streaming replica (DATABASE_REPLICA_URL_TEST) when set;
//                          with CONTRACT_FILE_STORE=s3 its files in a bucket of a real S3 server
//                          (s3rver) in this process (npm run test:contract:s3, the files' operations)
import { startMockHost } from "../../mocks/host";
import { DEMO_REFERENCE_DATE } from "../../demo/reference.ts";

export interface Target {
  baseUrl: string;
  expireSession: (token: string) => Promise<void>;
  /** Ends a signed call-recording link (the token of `/call-recordings/file/{token}`) as its 5 minutes would. */
  expireDownloadLink: (token: string) => Promise<void>;
  /** Removes a call recording's audio as retention (RECORDINGS_RETENTION_DAYS) does, keeping its row. */
  removeRecordingAudio: (recordingId: number) => Promise<void>;
  /** Ends the claim on a member as its 2 minutes would. */
  expireClaim: (memberId: number) => Promise<void>;
  /** Ends an event stream ticket as its 30 seconds would. */
  expireTicket: (ticket: string) => Promise<void>;
  /** Moves an open callback's due time to the backend's now plus `fromNowMs` (negative: past), its grace period with it. */
  moveCallbackDue: (callbackId: number, fromNowMs: number) => Promise<void>;
  /** The messages the backend has sent (or queued) so far, oldest first. */
  sentMail: () => Promise<{ to: string; subject: string }[]>;
  /**
   * Resolves once every reader of the backend shows every write so far: at once on one database, and
   * after the read replica's replay through the pooler. The suite states what one database answers; a
   * replica's lag and read-your-writes are proven on their own (server/db/replica.test.ts).
   */
  replayed: () => Promise<void>;
  close: () => Promise<void>;
}

/** A fresh backend with its own data for one test file: no file depends on another's writes. */
export async function startTarget(): Promise<Target> {
  const kind = process.env.CONTRACT_TARGET ?? "mock";
  if (kind === "server" && prestarted) {
    const target = prestarted;
    prestarted = undefined;
    return target;
  }
  if (kind === "mock") {
    const host = await startMockHost({ size: 1500 });
    const { expireSession } = await import("../../mocks/db/sessions");
    const { expireDownloadLink } = await import("../../mocks/db/downloadLinks");
    const { removeRecordingAudio } = await import("../../mocks/callRecordings/retention");
    const { expireClaim } = await import("../../mocks/db/claims");
    const { expireTicket } = await import("../../mocks/db/events");
    const { moveCallbackDue } = await import("../../mocks/queue/callbacks");
    return {
      baseUrl: host.baseUrl,
      expireSession: async (token) => expireSession(host.db.sessions, token),
      expireDownloadLink: async (token) => expireDownloadLink(host.db.recordingDownloads, token),
      removeRecordingAudio: async (recordingId) => removeRecordingAudio(host.db, recordingId),
      expireClaim: async (memberId) => expireClaim(host.db.claims, memberId),
      expireTicket: async (ticket) => expireTicket(host.db.eventTickets, ticket),
      moveCallbackDue: async (callbackId, fromNowMs) => moveCallbackDue(host.db, callbackId, fromNowMs),
      sentMail: async () => host.db.outbox.map(({ to, subject }) => ({ to, subject })),
      replayed: async () => {},
      close: host.close,
    };
  }
  if (kind === "server") return startServerTarget();
  throw new Error(`CONTRACT_TARGET=${kind} is not a target (known: mock, server)`);
}

/** Members of the server target's demo data (the mock host's size). */
const SERVER_DEMO_SIZE = 1500;

// Starting the server on a fresh database (PGlite's initdb, seeding, compiling the contract's
// schemas) takes longer than a hook's default limit on a busy machine: the seeded PGlite database is
// made once and cached, and the first test file's server is started while this module loads, which
// has no time limit. Where the files share one process (vitest.contract.config.ts), the later files'
// servers start in their hook (fixtures.ts gives it a limit of its own), with the server's modules
// and the template already loaded.
const serverTemplate =
  process.env.CONTRACT_TARGET === "server" && !process.env.DATABASE_URL_TEST && process.env.CONTRACT_DATABASE !== "pooler"
    ? await (await import("../../server/db/template.ts")).seededTemplate({ size: SERVER_DEMO_SIZE })
    : undefined;

async function startServerTarget(): Promise<Target> {
  const { buildApp } = await import("../../server/app.ts");
  const { loadConfig } = await import("../../server/config.ts");
  const { expireSessionByToken } = await import("../../server/auth/sessions.repository.ts");

  // The development hand-off secret, issuer and audience (config defaults) are the mock's.
  // The demo data ends at the mock's reference date; the server's calendar starts there, as the mock's clock stands there.
  // DATA_DIR memory://: the database is in memory or a throwaway schema, and with it the stored files (recordings, help files, mail).
  // SIGN_IN_RATE_LIMIT: the suite signs in once per secured operation, all from 127.0.0.1.
  const { database, drop, replicaUrl, replayed } = await openServerDatabase();
  const bucket = process.env.CONTRACT_FILE_STORE === "s3" ? await (await import("../support/s3Server.ts")).startS3Server() : undefined;
  const config = loadConfig({
    ...bucket?.env,
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    DEMO_CLOCK_START: DEMO_REFERENCE_DATE.toISOString(),
    SIGN_IN_RATE_LIMIT: "100000",
    // Through the pooler, the reports read from the streaming replica when there is one.
    ...(replicaUrl ? { DATABASE_URL: "postgres://the-database-above", DATABASE_REPLICA_URL: replicaUrl } : {}),
  });
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const rules = { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs };
  return {
    baseUrl: `${address}/api`,
    expireSession: (token) => expireSessionByToken(database.db, token, rules),
    expireDownloadLink: async (token) => (await import("../../server/recordings/recordings.repository.ts")).expireDownloadLink(database.db, token),
    removeRecordingAudio: async (recordingId) => (await import("../../server/recordings/retention/retention.repository.ts")).markAudioRemoved(database.db, [recordingId], new Date()),
    expireClaim: async (memberId) => (await import("../../server/members/claims.repository.ts")).expireClaim(database.db, memberId),
    expireTicket: async (ticket) => (await import("../../server/events/events.repository.ts")).expireTicket(database.db, ticket),
    moveCallbackDue: async (callbackId, fromNowMs) => {
      const { moveCallbackDue } = await import("../../server/queue/callbacks.repository.ts");
      const { refreshMembers } = await import("../../server/queue/queueState.repository.ts");
      const { clocksOf, settingOf } = await import("../../server/queue/setting.ts");
      const { now } = clocksOf(app.services);
      const memberId = await moveCallbackDue(database.db, callbackId, new Date(now.getTime() + fromNowMs), config.queue.callbackGraceMs);
      if (memberId !== undefined) await refreshMembers(database.db, [memberId], settingOf(app.services), now);
    },
    // Every message the mailer recorded (sent through SMTP or queued in the outbox), oldest first.
    sentMail: async () =>
      database.db.selectFrom("outbox").select(["to_address as to", "subject"]).orderBy("id").execute(),
    replayed,
    close: async () => {
      await app.close();
      await drop(database);
      await bucket?.close();
    },
  };
}

/**
 * The server's database with the demo data, and how to get rid of it: on PostgreSQL a database of
 * its own copied from the seeded template (tests/support/postgresTemplate.ts).
 */
async function openServerDatabase() {
  const { openDatabase } = await import("../../server/db/connection.ts");
  type Handle = Awaited<ReturnType<typeof openDatabase>>;
  if (process.env.CONTRACT_DATABASE === "pooler") {
    const { createPooledDatabase } = await import("../support/pooledDatabase.ts");
    const pooled = await createPooledDatabase("contract", { size: SERVER_DEMO_SIZE });
    const database = await openDatabase({ url: pooled.url, directUrl: pooled.directUrl });
    // The demo data in the reports from the first call: the replica has replayed the seeding.
    await pooled.replayed();
    return {
      database,
      replicaUrl: pooled.replicaUrl,
      replayed: pooled.replayed,
      drop: async (handle: Handle) => void (await handle.close(), await pooled.drop()),
    };
  }
  const url = process.env.DATABASE_URL_TEST;
  if (!url) {
    const database = await openDatabase({ dataDir: "memory://", template: serverTemplate });
    return { database, replicaUrl: undefined, replayed: async () => {}, drop: (handle: Handle) => handle.close() };
  }
  const { copyOfTemplate } = await import("../support/postgresTemplate.ts");
  const copy = await copyOfTemplate("contract", { size: SERVER_DEMO_SIZE });
  return {
    database: await openDatabase({ url: copy.url }),
    replicaUrl: undefined,
    replayed: async () => {},
    drop: async (handle: Handle) => {
      await handle.close();
      await copy.drop();
    },
  };
}

/** The first test file's server, started while this module loads; startTarget hands it out once. */
let prestarted: Target | undefined = process.env.CONTRACT_TARGET === "server" ? await startServerTarget() : undefined;
