// The server's configuration: environment variables only, checked once at start. Every variable is
// listed here, with its default, so that this file is the one place that documents them.
//   PORT                  port to listen on (default 8080)
//   HOST                  address to bind (default 127.0.0.1)
//   DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK
//                         yes: start on an address other machines reach (HOST not loopback) with the
//                         development sign-in provider or the public hand-off secret, with which anyone
//                         reaching the port signs in as any staff member (refused otherwise)
//   DATABASE_URL          postgres://… of a PostgreSQL server; unset: PGlite in DATA_DIR
//   DATA_DIR              PGlite data folder and files (default ./data)
//   NODE_ENV              production refuses the development sign-in provider (OIDC_* required)
//   OIDC_ISSUER           OpenID Connect issuer; with OIDC_CLIENT_ID enables account sign-in
//   OIDC_CLIENT_ID        OpenID Connect client id (the ID token's audience)
//   OIDC_JWKS_URL         the provider's key set (required with OIDC_ISSUER)
//   OIDC_CLIENT_SECRET    the client secret the server redeems sign-in codes with (required with OIDC_ISSUER)
//   OIDC_REDIRECT_URL     the app's address the provider sends the browser back to, as registered
//                         with the provider: the app's root, e.g. https://recall.example.org/
//   OIDC_ALLOWED_DOMAIN   optional: only e-mail addresses of this domain may sign in through the provider
//   PASSWORD_SIGN_IN      on or off: local accounts sign in with e-mail and password (default on
//                         without OIDC_ISSUER, off with it)
//   HANDOFF_SECRET        partner portal HS256 secret, at least 32 bytes (development value otherwise)
//   HANDOFF_JWKS_URL      instead of HANDOFF_SECRET: the partner portal's key set (asymmetric keys)
//   HANDOFF_ISSUER        partner portal issuer (default https://portal.recalldesk.example)
//   HANDOFF_AUDIENCE      audience of hand-off tokens (default recall-desk)
//   PARTNER_PORTAL_URL    the portal link of every session (mycdp_uri)
//   SESSION_IDLE_MINUTES  idle timeout of a session (default 30)
//   SIGN_IN_RATE_LIMIT    calls a minute from one address to each sign-in or hand-off call (signIn,
//                         signInWithPassword, cdpLogin, issueDevToken) before 429 (default 60: a call
//                         center behind one address signs in at shift start; guessing stays slow)
//   TRUST_PROXY           addresses or CIDR ranges of the reverse proxies (load balancers) in front,
//                         comma-separated: their X-Forwarded-For names the client, so that rate limits
//                         and the audit log see its address (default: none, the connecting address);
//                         refused with the development sign-in provider or the public hand-off secret
//   SMTP_URL              smtp:// or smtps:// server for outgoing mail; unset: mail waits in the outbox
//                         table, each message also an .eml in the file store
//   MAIL_FROM             sender of outgoing mail (default "Recall Desk <no-reply@recalldesk.example>")
//   OUTBOX_MAX_MB         megabytes of messages the outbox may hold unsent before mail calls answer 503
//                         (default 500)
//   RECORDINGS_DIR        a folder of call-recording audio kept before the file store (default
//                         DATA_DIR/recordings; none when DATA_DIR is memory://): a file asked for that
//                         only the folder has moves into the store
//   HELP_FILES_DIR        a folder of help videos and PDFs that move into the file store as they are asked
//                         for at /api/files/help/<name> (default demo/files/help)
//   REPORT_TIME_ZONE      IANA time zone of the practice group's report days (default America/Chicago)
//   DEMO_CLOCK_START      ISO instant at which the calendar of saved results and report periods starts,
//                         then runs on (demos and tests of the demo data, which ends at the mock's
//                         reference date); unset: the real clock. Refused in production.
//   IMPORT_DIR            inbox of the payers' member files (CSV) that the import jobs read (default
//                         DATA_DIR/import; none when DATA_DIR is memory://); see server/import/README.md
//   METRICS_TOKEN         a bearer token that GET /metrics asks for (at least 16 characters); unset: /metrics
//                         answers only requests made on this machine, not through a proxy
//   SCHEDULER             on or off: run the scheduled jobs in this instance (default on; off when
//                         NODE_ENV=test). Every instance may: a PostgreSQL advisory lock runs each once.
//   STATUS_REPORT_TO      e-mail addresses, comma-separated, that the weekly members status report job
//                         mails (through SMTP_URL or the outbox); unset: the job is skipped
//   REMINDERS_URL         https:// address of the reminder service the appointment reminders job posts
//                         the next working day's appointments to (docs/operations.md); unset: skipped
//   REMINDERS_TOKEN       optional bearer token sent to REMINDERS_URL
//   LOG_LEVEL             fatal, error, warn, info, debug, trace or silent (default info)
// The work queue's rules (domain/queue/rules.ts; every instance must have the same; changing one
// works out every member's queue state again at the next start, except the calling hours):
//   QUEUE_CALLING_HOURS   the calling window in each member's local time, HH:MM-HH:MM (default 08:00-21:00)
//   QUEUE_MAX_ATTEMPTS    attempts in total before the queue stops serving a member (default 6)
//   QUEUE_ATTEMPTS_PER_DAY attempts on one local day of the member's (default 1)
//   QUEUE_NO_ANSWER_COOLDOWN_HOURS    rest after No answer (default 4)
//   QUEUE_LEFT_MESSAGE_COOLDOWN_HOURS rest after Left message (default 48)
//   QUEUE_RECARE_MONTHS   recare is due this long after the last visit (default 6)
//   CALLBACK_GRACE_MINUTES  a due callback stays its owner's this long, then anyone's (default 30)
//   CALLBACK_MAX_DAYS_AHEAD how far ahead a callback may be booked (default 30)
//   CALLBACKS_PER_AGENT   the most open callbacks one agent may own (default 50)

import { existsSync, statSync } from "node:fs";
import { isIP } from "node:net";
import { fileURLToPath } from "node:url";
import { DEV_HANDOFF } from "../domain/signInTokens.ts";
import { looksLikeEmail } from "../domain/staff/staffRules.ts";
import { DEFAULT_QUEUE_RULES, type QueueRules } from "../domain/queue/rules.ts";

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
  /** Reverse proxies whose X-Forwarded-For is believed (Fastify's trustProxy); empty: none. */
  trustedProxies: string[];
  /** docs/architecture.md, Mail and files: SMTP when set; otherwise the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Bytes of unsent messages the outbox may hold (OUTBOX_MAX_MB); beyond it mail calls answer 503. */
  outboxMaxBytes: number;
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
  /** The reminder service (REMINDERS_URL, REMINDERS_TOKEN); undefined: the reminders job is skipped. */
  reminders: { url: string; token: string | undefined } | undefined;
  /** The server log's level (LOG_LEVEL). */
  logLevel: LogLevel;
  /** The work queue's rules (domain/queue/rules.ts), the defaults unless QUEUE_* or CALLBACK* say otherwise. */
  queue: QueueRules;
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const encoder = new TextEncoder();


export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, not "${raw}"`);
  }
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  try {
    return new URL(raw).toString();
  } catch {
    throw new ConfigError(`${name} must be a URL, not "${raw}"`);
  }
}

/** The account sign-in provider's settings: all of them, or none. */
const OIDC_VARIABLES = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_JWKS_URL", "OIDC_REDIRECT_URL"] as const;

function oidcOf(env: NodeJS.ProcessEnv, production: boolean): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER || undefined;
  const clientId = env.OIDC_CLIENT_ID || undefined;
  if (!issuer && !clientId && production) {
    // Without a provider the development one would sign in anyone with its public key.
    throw new ConfigError(`${OIDC_VARIABLES.join(", ")} are required when NODE_ENV=production`);
  }
  if (!issuer && !clientId) return undefined;
  const missing = OIDC_VARIABLES.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(`${missing.join(", ")} must be set too: the provider takes all five of ${OIDC_VARIABLES.join(", ")}, or none`);
  }
  const issuerUrl = url(env, "OIDC_ISSUER")!;
  const jwksUrl = url(env, "OIDC_JWKS_URL")!;
  const clientSecret = env.OIDC_CLIENT_SECRET!;
  const redirectUrl = url(env, "OIDC_REDIRECT_URL")!;
  // The provider is reached over TLS; plain http only on this machine (a test provider on loopback).
  for (const [name, value] of [["OIDC_ISSUER", issuerUrl], ["OIDC_JWKS_URL", jwksUrl]] as const) {
    const { protocol, hostname } = new URL(value);
    if (protocol !== "https:" && !(protocol === "http:" && isLoopback(hostname))) {
      throw new ConfigError(`${name} must be an https:// address (http:// only on this machine's loopback)`);
    }
  }
  const domain = (env.OIDC_ALLOWED_DOMAIN || "").trim().toLowerCase().replace(/^@/, "");
  if (domain && !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain)) throw new ConfigError(`OIDC_ALLOWED_DOMAIN must be a domain such as example.org, not "${domain}"`);
  // The issuer as written: it must equal the ID tokens' `iss` (URL parsing may add a final slash).
  return { issuer: env.OIDC_ISSUER!, clientId: env.OIDC_CLIENT_ID!, jwksUrl, clientSecret, redirectUrl, allowedDomain: domain || undefined };
}

function passwordSignInOf(env: NodeJS.ProcessEnv, oidc: OidcConfig | undefined): boolean {
  const value = env.PASSWORD_SIGN_IN || (oidc ? "off" : "on");
  if (value !== "on" && value !== "off") throw new ConfigError(`PASSWORD_SIGN_IN must be on or off, not "${value}"`);
  return value === "on";
}

function mailOf(env: NodeJS.ProcessEnv): Pick<ServerConfig, "smtpUrl" | "mailFrom" | "outboxMaxBytes"> {
  // The value is not repeated in the messages: it may hold the mail server's password.
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !URL.canParse(smtpUrl)) throw new ConfigError("SMTP_URL must be a URL such as smtp://user:password@mail.example:587");
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError("SMTP_URL must start with smtp:// or smtps://");
  return {
    smtpUrl,
    mailFrom: env.MAIL_FROM || "Recall Desk <no-reply@recalldesk.example>",
    outboxMaxBytes: integer(env, "OUTBOX_MAX_MB", 500, 1, 1_000_000) * 1_000_000,
  };
}

function filesOf(env: NodeJS.ProcessEnv): Pick<ServerConfig, "recordingsDir" | "helpFilesDir"> {
  const dataDir = env.DATA_DIR || "./data";
  const helpFilesDir = env.HELP_FILES_DIR || fileURLToPath(new URL("../demo/files/help", import.meta.url));
  if (!existsSync(helpFilesDir)) throw new ConfigError(`HELP_FILES_DIR must be an existing folder, not "${helpFilesDir}"`);
  return {
    recordingsDir: env.RECORDINGS_DIR || (dataDir === "memory://" ? undefined : `${dataDir.replace(/\/+$/, "")}/recordings`),
    helpFilesDir,
  };
}

function calendarOf(env: NodeJS.ProcessEnv, production: boolean): Pick<ServerConfig, "reportTimeZone" | "calendarOffsetMs"> {
  const reportTimeZone = env.REPORT_TIME_ZONE || "America/Chicago";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: reportTimeZone });
  } catch {
    throw new ConfigError(`REPORT_TIME_ZONE must be an IANA time zone such as America/Chicago, not "${reportTimeZone}"`);
  }
  const start = env.DEMO_CLOCK_START;
  if (!start) return { reportTimeZone, calendarOffsetMs: 0 };
  if (production) throw new ConfigError("DEMO_CLOCK_START must not be set when NODE_ENV=production");
  const startsAt = Date.parse(start);
  if (Number.isNaN(startsAt)) throw new ConfigError(`DEMO_CLOCK_START must be an ISO instant such as 2026-11-16T15:00:00Z, not "${start}"`);
  return { reportTimeZone, calendarOffsetMs: startsAt - Date.now() };
}

function handoffOf(env: NodeJS.ProcessEnv, production: boolean): ServerConfig["handoff"] {
  const names = { issuer: env.HANDOFF_ISSUER || DEV_HANDOFF.issuer, audience: env.HANDOFF_AUDIENCE || DEV_HANDOFF.audience };
  const jwksUrl = url(env, "HANDOFF_JWKS_URL");
  if (jwksUrl && env.HANDOFF_SECRET) throw new ConfigError("Set HANDOFF_SECRET or HANDOFF_JWKS_URL, not both");
  if (jwksUrl) return { secret: undefined, jwksUrl, ...names };
  const secret = env.HANDOFF_SECRET ?? (production ? undefined : DEV_HANDOFF.secret);
  if (secret === undefined) throw new ConfigError("HANDOFF_SECRET (or HANDOFF_JWKS_URL) is required when NODE_ENV=production");
  // jose accepts an HS256 secret of any length (docs/conventions.md, Traps of the toolchain): a short one could be guessed.
  if (encoder.encode(secret).length < 32) throw new ConfigError("HANDOFF_SECRET must be at least 32 bytes");
  if (production && secret === DEV_HANDOFF.secret) {
    throw new ConfigError("HANDOFF_SECRET must not be the public development value when NODE_ENV=production");
  }
  return { secret: encoder.encode(secret), jwksUrl: undefined, ...names };
}

function proxiesOf(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.TRUST_PROXY ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address = "", bits, ...rest] = entry.split("/");
    const version = isIP(address);
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
    if (!version || !validBits || rest.length > 0) {
      throw new ConfigError(`TRUST_PROXY must list IP addresses or CIDR ranges separated by commas, not "${entry}"`);
    }
  }
  return entries;
}

/** Whether HOST binds only addresses of this machine itself (0.0.0.0 and :: bind every address). */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (address === "localhost" || address === "::1") return true;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

const DEV_ON_NETWORK = "DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK";

/**
 * The development provider and the public hand-off secret sign anyone in who reaches the port: on
 * this machine only, unless DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK=yes says it is meant.
 */
function devSignInOnNetworkOf(env: NodeJS.ProcessEnv, host: string, devProvider: boolean, handoff: ServerConfig["handoff"]): boolean {
  const allowed = env[DEV_ON_NETWORK] || "no";
  if (allowed !== "yes" && allowed !== "no") throw new ConfigError(`${DEV_ON_NETWORK} must be yes or no, not "${allowed}"`);
  const what = openSignIns(devProvider, handoff);
  const open = what.length > 0 && !isLoopback(host);
  if (open && allowed !== "yes") {
    throw new ConfigError(
      `HOST=${host} is reachable from other machines, where ${what.join(" and ")} would let anyone sign in as any staff member; ` +
        `configure them, keep HOST=127.0.0.1, or set ${DEV_ON_NETWORK}=yes for a demo on a network you trust`,
    );
  }
  return open;
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
 * A reverse proxy in front (TRUST_PROXY) serves whoever reaches the proxy, whatever HOST is: with
 * the development provider or the public hand-off secret they would sign in as any staff member,
 * administrators included. Refused outright, DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK or not.
 */
function refuseProxyWithOpenSignIn(proxies: string[], devProvider: boolean, handoff: ServerConfig["handoff"]): void {
  const what = openSignIns(devProvider, handoff);
  if (proxies.length === 0 || what.length === 0) return;
  throw new ConfigError(
    `TRUST_PROXY says a reverse proxy serves this server, where ${what.join(" and ")} would let anyone the proxy serves sign in as any staff member; ` +
      "configure them, or unset TRUST_PROXY",
  );
}

/**
 * The configuration, or one ConfigError naming every problem at once (each part is read even when
 * another failed, so that a start-up error names every variable that needs setting).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const problems: string[] = [];
  const read = <T>(part: () => T, fallback: T): T => {
    try {
      return part();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(error.message);
      return fallback;
    }
  };
  const production = env.NODE_ENV === "production";
  const handoff = read(() => handoffOf(env, production), undefined);
  const host = env.HOST || "127.0.0.1";
  const oidc = read(() => oidcOf(env, production), undefined);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push("DATABASE_URL must start with postgres:// or postgresql://");
  const trustedProxies = read(() => proxiesOf(env), []);
  if (handoff) read(() => refuseProxyWithOpenSignIn(trustedProxies, !oidc && !production, handoff), undefined);
  const config: ServerConfig = {
    port: read(() => integer(env, "PORT", 8080, 0, 65535), 0),
    host,
    devSignInOnNetwork: read(() => (handoff ? devSignInOnNetworkOf(env, host, !oidc && !production, handoff) : false), false),
    databaseUrl,
    dataDir: env.DATA_DIR || "./data",
    production,
    oidc,
    passwordSignIn: read(() => passwordSignInOf(env, oidc), false),
    handoff: handoff!,
    partnerPortalUrl: read(() => url(env, "PARTNER_PORTAL_URL"), undefined) ?? "https://portal.recalldesk.example/",
    sessionIdleMs: read(() => integer(env, "SESSION_IDLE_MINUTES", 30, 1, 24 * 60), 0) * 60_000,
    sessionLifetimeMs: 7 * 24 * 60 * 60_000,
    signInRateLimit: read(() => integer(env, "SIGN_IN_RATE_LIMIT", 60, 1, 1_000_000), 0),
    trustedProxies,
    ...read(() => mailOf(env), { smtpUrl: undefined, mailFrom: "", outboxMaxBytes: 0 }),
    ...read(() => filesOf(env), { recordingsDir: undefined, helpFilesDir: "" }),
    ...read(() => calendarOf(env, production), { reportTimeZone: "", calendarOffsetMs: 0 }),
    ...read(() => jobsOf(env), { importDir: undefined, schedulerEnabled: false }),
    metricsToken: read(() => metricsTokenOf(env), undefined),
    statusReportTo: read(() => statusReportToOf(env), []),
    reminders: read(() => remindersOf(env), undefined),
    logLevel: read(() => logLevelOf(env), "info"),
    queue: read(() => queueRulesOf(env), DEFAULT_QUEUE_RULES),
  };
  if (problems.length > 0) throw new ConfigError(problems.join("; "));
  return config;
}

/** HH:MM-HH:MM as minutes after midnight; 24:00 may end the window. */
function callingHoursOf(env: NodeJS.ProcessEnv): QueueRules["callingWindow"] {
  const raw = env.QUEUE_CALLING_HOURS;
  if (raw === undefined || raw === "") return DEFAULT_QUEUE_RULES.callingWindow;
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(raw.trim());
  const minutes = (hours: string, mins: string) => Number(hours) * 60 + Number(mins);
  const window = match && { opensAt: minutes(match[1]!, match[2]!), closesAt: minutes(match[3]!, match[4]!) };
  if (!window || Number(match[2]) > 59 || Number(match[4]) > 59 || window.opensAt >= window.closesAt || window.closesAt > 24 * 60) {
    throw new ConfigError(`QUEUE_CALLING_HOURS must be a window of the day such as 08:00-21:00, not "${raw}"`);
  }
  return window;
}

function queueRulesOf(env: NodeJS.ProcessEnv): QueueRules {
  const defaults = DEFAULT_QUEUE_RULES;
  const hours = (name: string, fallback: number | undefined) => integer(env, name, (fallback ?? 0) / 3_600_000, 0, 24 * 365) * 3_600_000;
  return {
    callingWindow: callingHoursOf(env),
    maxAttempts: integer(env, "QUEUE_MAX_ATTEMPTS", defaults.maxAttempts, 1, 1000),
    attemptsPerDay: integer(env, "QUEUE_ATTEMPTS_PER_DAY", defaults.attemptsPerDay, 1, 100),
    cooldownMs: {
      "No answer": hours("QUEUE_NO_ANSWER_COOLDOWN_HOURS", defaults.cooldownMs["No answer"]),
      "Left message": hours("QUEUE_LEFT_MESSAGE_COOLDOWN_HOURS", defaults.cooldownMs["Left message"]),
    },
    recareMonths: integer(env, "QUEUE_RECARE_MONTHS", defaults.recareMonths, 1, 120),
    callbackGraceMs: integer(env, "CALLBACK_GRACE_MINUTES", defaults.callbackGraceMs / 60_000, 0, 24 * 60) * 60_000,
    callbackMaxDaysAhead: integer(env, "CALLBACK_MAX_DAYS_AHEAD", defaults.callbackMaxDaysAhead, 1, 366),
    maxOpenCallbacks: integer(env, "CALLBACKS_PER_AGENT", defaults.maxOpenCallbacks, 1, 10_000),
  };
}

function logLevelOf(env: NodeJS.ProcessEnv): LogLevel {
  const level = (env.LOG_LEVEL || "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, not "${env.LOG_LEVEL}"`);
  return level as LogLevel;
}

function statusReportToOf(env: NodeJS.ProcessEnv): string[] {
  const addresses = (env.STATUS_REPORT_TO ?? "").split(",").map((address) => address.trim()).filter(Boolean);
  const wrong = addresses.filter((address) => !looksLikeEmail(address));
  if (wrong.length > 0) throw new ConfigError(`STATUS_REPORT_TO must list e-mail addresses separated by commas, not "${wrong.join(", ")}"`);
  return addresses;
}

function remindersOf(env: NodeJS.ProcessEnv): ServerConfig["reminders"] {
  const address = url(env, "REMINDERS_URL");
  const token = env.REMINDERS_TOKEN || undefined;
  if (!address) {
    if (token) throw new ConfigError("REMINDERS_URL must be set with REMINDERS_TOKEN (the reminder service's address)");
    return undefined;
  }
  // The appointments carry patients' names and phones: over TLS, or to this machine only (a local relay, tests).
  const { protocol, hostname } = new URL(address);
  if (protocol !== "https:" && !(protocol === "http:" && isLoopback(hostname))) {
    throw new ConfigError("REMINDERS_URL must be an https:// address (http:// only on this machine's loopback)");
  }
  return { url: address, token };
}

function metricsTokenOf(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && (token.length < 16 || /\s/.test(token))) throw new ConfigError("METRICS_TOKEN must be at least 16 characters without spaces");
  return token;
}

function jobsOf(env: NodeJS.ProcessEnv): Pick<ServerConfig, "importDir" | "schedulerEnabled"> {
  const dataDir = env.DATA_DIR || "./data";
  const importDir = env.IMPORT_DIR || (dataDir === "memory://" ? undefined : `${dataDir.replace(/\/+$/, "")}/import`);
  if (importDir && existsSync(importDir) && !statSync(importDir).isDirectory()) throw new ConfigError(`IMPORT_DIR must be a folder, not the file "${importDir}"`);
  const scheduler = env.SCHEDULER || (env.NODE_ENV === "test" ? "off" : "on");
  if (scheduler !== "on" && scheduler !== "off") throw new ConfigError(`SCHEDULER must be on or off, not "${scheduler}"`);
  return { importDir, schedulerEnabled: scheduler === "on" };
}
