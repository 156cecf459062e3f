// The server's configuration, read once at start from the environment variables that
// environment.ts describes (each with its type, default and what a wrong value is told), plus the
// rules between them: all five OIDC_* or none, what production refuses, where the development
// sign-in may run. A problem stops the start with one line naming every variable to fix.
import { fileURLToPath } from "node:url";
import { existsSync, statSync } from "node:fs";
import { DEV_HANDOFF } from "../domain/signInTokens.ts";
import { DEFAULT_QUEUE_RULES, type QueueRules } from "../domain/queue/rules.ts";
import { callingWindowOf, isLoopback, readEnvironment, type Environment } from "./environment.ts";
import { parseClinics, parsePriorities, type OpenDentalSettings, type TreatmentPriority } from "./openDental/settings.ts";
import type { FileStoreConfig, S3Connection } from "./files/s3Settings.ts";

export { isLoopback };

export interface OidcConfig {
  issuer: string;
  clientId: string;
  jwksUrl: string;
  clientSecret: string;
  /** The app's address the provider answers to (registered with the provider). */
  redirectUrl: string;
  /** Lower case, without "@"; undefined: any domain of a known staff member. */
  allowedDomain: string | undefined;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** The development provider or the public hand-off secret on a non-loopback HOST, allowed on purpose. */
  devSignInOnNetwork: boolean;
  /** A PostgreSQL server; undefined runs PGlite. */
  databaseUrl: string | undefined;
  /** The same server without a transaction pooler (LISTEN, migrations); undefined: databaseUrl. */
  databaseDirectUrl: string | undefined;
  /** Streaming replicas for the reads that may be a few seconds old (db/replicas.ts); empty: none. */
  databaseReplicaUrls: string[];
  /** A replica further behind than this gets no reads. */
  replicaMaxLagSeconds: number;
  /** PGlite's data folder; "memory://" keeps it in memory (tests). */
  dataDir: string;
  production: boolean;
  oidc: OidcConfig | undefined;
  /** Local accounts may sign in with e-mail and password (PASSWORD_SIGN_IN). */
  passwordSignIn: boolean;
  /** Exactly one of `secret` (HS256) and `jwksUrl` (the portal's key set) is set. */
  handoff: { secret: Uint8Array | undefined; jwksUrl: string | undefined; issuer: string; audience: string };
  partnerPortalUrl: string;
  /** docs/architecture.md: 30 minutes by default, configurable. */
  sessionIdleMs: number;
  /** docs/architecture.md: the login cookie's 7 days. */
  sessionLifetimeMs: number;
  /** Sign-in and hand-off calls a minute from one address, each call counted on its own. */
  signInRateLimit: number;
  /** Claims of members and Next, together, one user may make a minute (domain/team/agentLimits.ts). */
  claimsPerMinute: number;
  /** Reverse proxies whose X-Forwarded-For is believed (Fastify's trustProxy); empty: none. */
  trustedProxies: string[];
  /** docs/architecture.md, Mail and files: SMTP when set; otherwise the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Bytes of unsent messages the outbox may hold (OUTBOX_MAX_MB); beyond it mail calls answer 503. */
  outboxMaxBytes: number;
  /** Where files are kept (FILE_STORE and the S3_* settings). */
  fileStore: FileStoreConfig;
  /** A folder of call-recording audio from before the file store, moved into it as asked for; undefined: none. */
  recordingsDir: string | undefined;
  /** A folder of help files moved into the file store as asked for (the demo help files by default). */
  helpFilesDir: string;
  /** openapi.yaml, Dates: the days of every report are days of this zone. */
  reportTimeZone: string;
  /** Added to the real clock for the calendar of saved results and reports (DEMO_CLOCK_START); 0 otherwise. */
  calendarOffsetMs: number;
  /** The members import's inbox folder; undefined: none (DATA_DIR memory://). */
  importDir: string | undefined;
  /** Whether this instance runs the scheduled jobs (server/jobs/scheduler.ts). */
  schedulerEnabled: boolean;
  /** The bearer token of GET /metrics; undefined: only requests from this machine (server/http/metrics.ts). */
  metricsToken: string | undefined;
  /** The weekly members status report's recipients (STATUS_REPORT_TO); empty: the job is skipped. */
  statusReportTo: string[];
  /** The phone system's place of recordings and its bucket's client settings (RECORDINGS_SOURCE, RECORDINGS_S3_*); undefined: the import is skipped. */
  recordingSource: { place: string; s3: S3Connection } | undefined;
  /** Days a recording's audio is kept (RECORDINGS_RETENTION_DAYS); undefined: forever. */
  recordingsRetentionDays: number | undefined;
  /** The phone system's key layout: a preset's name or a pattern (domain/recordings/keyLayout.ts). */
  recordingLayout: string;
  /** The reminder service (REMINDERS_URL, REMINDERS_TOKEN); undefined: the reminders job is skipped. */
  reminders: { url: string; token: string | undefined } | undefined;
  /** The Open Dental connector (OPENDENTAL_*); undefined: its runs are skipped. */
  openDental: OpenDentalSettings | undefined;
  /** The server log's level (LOG_LEVEL). */
  logLevel: Environment["LOG_LEVEL"];
  /** The work queue's rules (domain/queue/rules.ts), the defaults unless QUEUE_* or CALLBACK* say otherwise. */
  queue: QueueRules;
}

export class ConfigError extends Error {}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const encoder = new TextEncoder();

/** The account sign-in provider's settings: all of them, or none. */
const OIDC_VARIABLES = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_JWKS_URL", "OIDC_REDIRECT_URL"] as const;
const DEV_ON_NETWORK = "DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK";

/** A URL as the server uses it (parsing may add a final slash). */
const normalized = (address: string | undefined) => (address === undefined ? undefined : new URL(address).toString());

/**
 * The rules between variables, each adding its problem (a message) and returning what it settled.
 * A variable whose own value is wrong is already told and reads as unset here.
 */
function oidcOf(env: NodeJS.ProcessEnv, values: Environment, production: boolean, problems: string[]): OidcConfig | undefined {
  const given = OIDC_VARIABLES.filter((name) => env[name]);
  if (!env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    // Without a provider the development one would sign in anyone with its public key.
    if (production) problems.push(`${OIDC_VARIABLES.join(", ")} are required when NODE_ENV=production`);
    return undefined;
  }
  if (given.length < OIDC_VARIABLES.length) {
    const missing = OIDC_VARIABLES.filter((name) => !given.includes(name));
    problems.push(`${missing.join(", ")} must be set too: the provider takes all five of ${OIDC_VARIABLES.join(", ")}, or none`);
    return undefined;
  }
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_JWKS_URL: jwksUrl, OIDC_CLIENT_SECRET: clientSecret, OIDC_REDIRECT_URL: redirectUrl } = values;
  if (!issuer || !clientId || !jwksUrl || !clientSecret || !redirectUrl) return undefined;
  const domain = values.OIDC_ALLOWED_DOMAIN?.trim().toLowerCase().replace(/^@/, "");
  // The issuer as written: it must equal the ID tokens' `iss` (URL parsing may add a final slash).
  return { issuer, clientId, jwksUrl: normalized(jwksUrl)!, clientSecret, redirectUrl: normalized(redirectUrl)!, allowedDomain: domain || undefined };
}

function handoffOf(values: Environment, production: boolean, problems: string[]): ServerConfig["handoff"] | undefined {
  const names = { issuer: values.HANDOFF_ISSUER, audience: values.HANDOFF_AUDIENCE };
  const jwksUrl = normalized(values.HANDOFF_JWKS_URL);
  if (jwksUrl && values.HANDOFF_SECRET) {
    problems.push("Set HANDOFF_SECRET or HANDOFF_JWKS_URL, not both");
    return undefined;
  }
  if (jwksUrl) return { secret: undefined, jwksUrl, ...names };
  const secret = values.HANDOFF_SECRET ?? (production ? undefined : DEV_HANDOFF.secret);
  if (secret === undefined) {
    problems.push("HANDOFF_SECRET (or HANDOFF_JWKS_URL) is required when NODE_ENV=production");
    return undefined;
  }
  if (production && secret === DEV_HANDOFF.secret) {
    problems.push("HANDOFF_SECRET must not be the public development value when NODE_ENV=production");
    return undefined;
  }
  return { secret: encoder.encode(secret), jwksUrl: undefined, ...names };
}

/** What signs in anyone who reaches the server: the development provider, the public hand-off secret. */
function openSignIns(devProvider: boolean, handoff: ServerConfig["handoff"]): string[] {
  const publicHandoff = handoff.secret !== undefined && new TextDecoder().decode(handoff.secret) === DEV_HANDOFF.secret;
  return [
    ...(devProvider ? [`the development sign-in provider (set ${OIDC_VARIABLES.join(", ")})`] : []),
    ...(publicHandoff ? ["the public hand-off secret (set HANDOFF_SECRET or HANDOFF_JWKS_URL)"] : []),
  ];
}

/**
 * The development provider and the public hand-off secret sign anyone in who reaches the port: on
 * this machine only, unless DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK=yes says it is meant. Behind a
 * reverse proxy (TRUST_PROXY) they would serve whoever reaches the proxy, whatever HOST is:
 * refused outright, the loud setting or not.
 */
function devSignInOnNetworkOf(values: Environment, open: string[], trustedProxies: string[], problems: string[]): boolean {
  if (open.length === 0) return false;
  if (trustedProxies.length > 0) {
    problems.push(
      `TRUST_PROXY says a reverse proxy serves this server, where ${open.join(" and ")} would let anyone the proxy serves sign in as any staff member; ` +
        "configure them, or unset TRUST_PROXY",
    );
  }
  if (isLoopback(values.HOST)) return false;
  if (values[DEV_ON_NETWORK] !== "yes") {
    problems.push(
      `HOST=${values.HOST} is reachable from other machines, where ${open.join(" and ")} would let anyone sign in as any staff member; ` +
        `configure them, keep HOST=127.0.0.1, or set ${DEV_ON_NETWORK}=yes for a demo on a network you trust`,
    );
  }
  return true;
}

/**
 * The phone system's bucket answers within this or the import's run fails, in one line, and the
 * next scheduled run tries again.
 */
const PHONE_SYSTEM_TIMEOUT_MS = 10_000;

/** A folder under DATA_DIR by default; none when the data lives in memory. */
function underDataDir(values: Environment, folder: string): string | undefined {
  return values.DATA_DIR === "memory://" ? undefined : `${values.DATA_DIR.replace(/\/+$/, "")}/${folder}`;
}

/** FILE_STORE=s3 needs a bucket; a key is given with its secret or not at all. */
function fileStoreOf(values: Environment, problems: string[]): FileStoreConfig {
  if (values.FILE_STORE !== "s3") return { kind: "database" };
  if (!values.S3_BUCKET) problems.push("S3_BUCKET must be set when FILE_STORE=s3 (the bucket that keeps the files)");
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither");
  return {
    kind: "s3",
    s3: {
      endpoint: values.S3_ENDPOINT,
      bucket: values.S3_BUCKET ?? "",
      region: values.S3_REGION,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      forcePathStyle: values.S3_FORCE_PATH_STYLE === "yes",
      prefix: values.S3_PREFIX ?? "",
    },
  };
}

function queueRulesOf(values: Environment): QueueRules {
  return {
    callingWindow: (values.QUEUE_CALLING_HOURS && callingWindowOf(values.QUEUE_CALLING_HOURS)) || DEFAULT_QUEUE_RULES.callingWindow,
    maxAttempts: values.QUEUE_MAX_ATTEMPTS,
    attemptsPerDay: values.QUEUE_ATTEMPTS_PER_DAY,
    cooldownMs: { "No answer": values.QUEUE_NO_ANSWER_COOLDOWN_HOURS * HOUR_MS, "Left message": values.QUEUE_LEFT_MESSAGE_COOLDOWN_HOURS * HOUR_MS },
    recareMonths: values.QUEUE_RECARE_MONTHS,
    callbackGraceMs: values.CALLBACK_GRACE_MINUTES * MINUTE_MS,
    callbackMaxDaysAhead: values.CALLBACK_MAX_DAYS_AHEAD,
    maxOpenCallbacks: values.CALLBACKS_PER_AGENT,
  };
}

function openDentalOf(values: Environment, problems: string[]): OpenDentalSettings | undefined {
  const { OPENDENTAL_URL: url, OPENDENTAL_CLINICS: clinicsText } = values;
  if (!url && !clinicsText) return undefined;
  if (!url) problems.push("OPENDENTAL_URL must be set with OPENDENTAL_CLINICS (the Open Dental database they are clinics of)");
  if (!clinicsText) problems.push("OPENDENTAL_CLINICS must be set with OPENDENTAL_URL (which Open Dental clinic is which practice)");
  const clinics = clinicsText ? parseClinics(clinicsText) : undefined;
  if (clinicsText && !clinics) problems.push("OPENDENTAL_CLINICS names a clinic number twice");
  if (!url || !clinics) return undefined;
  return {
    url,
    clinics,
    everyMinutes: values.OPENDENTAL_EVERY_MINUTES,
    priorities: parsePriorities(values.OPENDENTAL_PRIORITIES)!,
    unprioritized: values.OPENDENTAL_UNPRIORITIZED as TreatmentPriority,
    timeZone: values.OPENDENTAL_TIME_ZONE ?? values.REPORT_TIME_ZONE,
  };
}

/**
 * The configuration, or one ConfigError naming every problem at once (each variable and rule is
 * checked even when another failed, so that a start-up error names every variable that needs setting).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { values, problems } = readEnvironment(env);
  const production = values.NODE_ENV === "production";
  const handoff = handoffOf(values, production, problems);
  const oidc = oidcOf(env, values, production, problems);
  const trustedProxies = (values.TRUST_PROXY ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  const open = handoff ? openSignIns(!oidc && !production, handoff) : [];
  const devSignInOnNetwork = devSignInOnNetworkOf(values, open, trustedProxies, problems);
  if (production && values.DEMO_CLOCK_START) problems.push("DEMO_CLOCK_START must not be set when NODE_ENV=production");
  if (values.DATABASE_REPLICA_URL && !env.DATABASE_URL) problems.push("DATABASE_URL must be set with DATABASE_REPLICA_URL (the primary the replicas follow)");
  if (values.DATABASE_DIRECT_URL && !env.DATABASE_URL) problems.push("DATABASE_URL must be set with DATABASE_DIRECT_URL (the connection through the pooler)");
  if (values.REMINDERS_TOKEN && !env.REMINDERS_URL) problems.push("REMINDERS_URL must be set with REMINDERS_TOKEN (the reminder service's address)");
  const importDir = values.IMPORT_DIR ?? underDataDir(values, "import");
  if (importDir && existsSync(importDir) && !statSync(importDir).isDirectory()) problems.push(`IMPORT_DIR must be a folder, not the file "${importDir}"`);
  const openDental = openDentalOf(values, problems);
  const fileStore = fileStoreOf(values, problems);
  if (problems.length > 0) throw new ConfigError(problems.join("; "));
  return {
    port: values.PORT,
    host: values.HOST,
    devSignInOnNetwork,
    databaseUrl: values.DATABASE_URL,
    databaseDirectUrl: values.DATABASE_DIRECT_URL,
    databaseReplicaUrls: (values.DATABASE_REPLICA_URL ?? "").split(",").map((url) => url.trim()).filter(Boolean),
    replicaMaxLagSeconds: values.REPLICA_MAX_LAG_SECONDS,
    dataDir: values.DATA_DIR,
    production,
    oidc,
    passwordSignIn: (values.PASSWORD_SIGN_IN ?? (oidc ? "off" : "on")) === "on",
    handoff: handoff!,
    partnerPortalUrl: normalized(values.PARTNER_PORTAL_URL)!,
    sessionIdleMs: values.SESSION_IDLE_MINUTES * MINUTE_MS,
    sessionLifetimeMs: 7 * 24 * 60 * MINUTE_MS,
    signInRateLimit: values.SIGN_IN_RATE_LIMIT,
    claimsPerMinute: values.CLAIMS_PER_MINUTE,
    trustedProxies,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    outboxMaxBytes: values.OUTBOX_MAX_MB * 1_000_000,
    fileStore,
    recordingsDir: values.RECORDINGS_DIR ?? underDataDir(values, "recordings"),
    helpFilesDir: values.HELP_FILES_DIR ?? fileURLToPath(new URL("../demo/files/help", import.meta.url)),
    reportTimeZone: values.REPORT_TIME_ZONE,
    calendarOffsetMs: values.DEMO_CLOCK_START ? Date.parse(values.DEMO_CLOCK_START) - Date.now() : 0,
    importDir,
    schedulerEnabled: (values.SCHEDULER ?? (values.NODE_ENV === "test" ? "off" : "on")) === "on",
    metricsToken: values.METRICS_TOKEN,
    recordingSource: values.RECORDINGS_SOURCE
      ? {
          place: values.RECORDINGS_SOURCE,
          s3: {
            endpoint: values.RECORDINGS_S3_ENDPOINT,
            region: values.RECORDINGS_S3_REGION,
            credentials:
              values.RECORDINGS_S3_ACCESS_KEY_ID && values.RECORDINGS_S3_SECRET_ACCESS_KEY
                ? { accessKeyId: values.RECORDINGS_S3_ACCESS_KEY_ID, secretAccessKey: values.RECORDINGS_S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: values.RECORDINGS_S3_PATH_STYLE === "on",
            requestTimeoutMs: PHONE_SYSTEM_TIMEOUT_MS,
          },
        }
      : undefined,
    recordingLayout: values.RECORDINGS_LAYOUT,
    recordingsRetentionDays: values.RECORDINGS_RETENTION_DAYS === undefined ? undefined : Number(values.RECORDINGS_RETENTION_DAYS),
    statusReportTo: (values.STATUS_REPORT_TO ?? "").split(",").map((address) => address.trim()).filter(Boolean),
    reminders: values.REMINDERS_URL ? { url: normalized(values.REMINDERS_URL)!, token: values.REMINDERS_TOKEN } : undefined,
    openDental,
    logLevel: values.LOG_LEVEL,
    queue: queueRulesOf(values),
  };
}

/** Where the database is, as openDatabase (db/connection.ts) takes it. */
export function databaseOptionsOf(config: ServerConfig): { url: string | undefined; directUrl: string | undefined; dataDir: string } {
  return { url: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.dataDir };
}
