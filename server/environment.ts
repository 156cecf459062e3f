// Every environment variable the server reads, described once as a JSON Schema (type, default,
// bounds, what a value must look like) and checked by Ajv, as the server's requests are: this file
// is the one place that lists them, docs/operations.md tells an administrator how to use them. An
// empty variable counts as unset. What ties variables together (all five OIDC_* or none, what
// production refuses) is config.ts's.
import { existsSync } from "node:fs";
import { isIP } from "node:net";
import { Ajv, type ErrorObject } from "ajv";
import { DEFAULT_QUEUE_RULES } from "../domain/queue/rules.ts";
import { CLAIMS_PER_MINUTE } from "../domain/team/agentLimits.ts";
import { looksLikeEmail } from "../domain/staff/staffRules.ts";
import { DEFAULT_EVERY_MINUTES } from "./openDental/settings.ts";
import { DEFAULT_LAYOUT, LAYOUT_PRESETS, layoutProblem } from "../domain/recordings/keyLayout.ts";

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Whether an address is this machine itself (0.0.0.0 and :: bind every address). */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (address === "localhost" || address === "::1") return true;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

const listOf = (value: string) => value.split(",").map((entry) => entry.trim()).filter(Boolean);

function isProxy(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  return version > 0 && rest.length === 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)));
}

/** HH:MM-HH:MM as minutes after midnight; 24:00 may end the window. */
export function callingWindowOf(text: string): { opensAt: number; closesAt: number } | undefined {
  const match = /^(\d{1,2}):([0-5]\d)-(\d{1,2}):([0-5]\d)$/.exec(text.trim());
  if (!match) return undefined;
  const opensAt = Number(match[1]) * 60 + Number(match[2]);
  const closesAt = Number(match[3]) * 60 + Number(match[4]);
  return opensAt < closesAt && closesAt <= 24 * 60 ? { opensAt, closesAt } : undefined;
}

/** Comma-separated lists, by what each entry must be: a wrong value's message names the wrong entries. */
const LIST_FORMATS: Record<string, (entry: string) => boolean> = { "email-list": looksLikeEmail, "proxy-list": isProxy };

/** The formats a variable's value may be given in, beyond JSON Schema's types. */
const FORMATS: Record<string, (value: string) => boolean> = {
  url: (value) => URL.canParse(value),
  // Patients' data and sign-in keys go over TLS, or to this machine only (a test provider, a local relay).
  "secure-url": (value) => {
    if (!URL.canParse(value)) return false;
    const { protocol, hostname } = new URL(value);
    return protocol === "https:" || (protocol === "http:" && isLoopback(hostname));
  },
  "key-layout": (value) => value in LAYOUT_PRESETS || layoutProblem(value) === undefined,
  "time-zone": (value) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
  instant: (value) => !Number.isNaN(Date.parse(value)),
  "calling-window": (value) => callingWindowOf(value) !== undefined,
  domain: (value) => /^@?[a-z0-9.-]+\.[a-z]{2,}$/i.test(value.trim()),
  "existing-folder": (value) => existsSync(value),
  // jose accepts an HS256 secret of any length (docs/conventions.md, Traps of the toolchain): a short one could be guessed.
  "32-bytes": (value) => new TextEncoder().encode(value).length >= 32,
};

interface Described {
  description: string;
  /**
   * What a wrong value is told, after the variable's name (integers and choices say it themselves);
   * by keyword when each of several says something else, the first that failed.
   */
  must?: string | Record<string, string>;
  /** false: a wrong value is not repeated in its message (a credential, or a message that says it all). */
  echo?: false;
}
type IntegerVariable = Described & { type: "integer"; minimum: number; maximum: number; default: number };
type ChoiceVariable = Described & { type: "string"; enum: readonly string[]; default?: string; caseInsensitive?: boolean };
type TextVariable = Described & { type: "string"; default?: string; format?: string; pattern?: string };
type Variable = IntegerVariable | ChoiceVariable | TextVariable;

const integer = (minimum: number, maximum: number, fallback: number, description: string): IntegerVariable => ({ type: "integer", minimum, maximum, default: fallback, description });

export const VARIABLES = {
  PORT: integer(0, 65535, 8080, "port to listen on"),
  HOST: { type: "string", default: "127.0.0.1", description: "address to bind" },
  DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK: {
    type: "string",
    enum: ["yes", "no"],
    default: "no",
    description:
      "yes: start on an address other machines reach (HOST not loopback) with the development sign-in provider or the public hand-off secret, with which anyone reaching the port signs in as any staff member (refused otherwise)",
  },
  DATABASE_URL: { type: "string", pattern: "^postgres(ql)?://", must: "must start with postgres:// or postgresql://", echo: false, description: "postgres://… of a PostgreSQL server; unset: PGlite in DATA_DIR" },
  DATABASE_DIRECT_URL: {
    type: "string",
    pattern: "^postgres(ql)?://",
    must: "must start with postgres:// or postgresql://",
    echo: false,
    description: "postgres://… of the same server without a transaction pooler, for LISTEN and the migrations, when DATABASE_URL goes through one (PgBouncer); unset: DATABASE_URL",
  },
  DATABASE_REPLICA_URL: {
    type: "string",
    pattern: "^\\s*postgres(ql)?://[^,]+(,\\s*postgres(ql)?://[^,]+)*\\s*$",
    must: "must list postgres:// addresses separated by commas",
    echo: false,
    description: "postgres://… of one or several streaming replicas of DATABASE_URL's database, comma-separated: reports, exports, usage and call activity and the board's day counts read from them while they are less than REPLICA_MAX_LAG_SECONDS behind",
  },
  REPLICA_MAX_LAG_SECONDS: integer(0, 86_400, 5, "a replica further behind the primary than this gets no reads until it catches up"),
  DATA_DIR: { type: "string", default: "./data", description: "PGlite data folder and files; memory:// keeps them in memory (tests)" },
  NODE_ENV: { type: "string", description: "production refuses the development sign-in provider (OIDC_* required); test turns the scheduler off" },
  OIDC_ISSUER: { type: "string", format: "secure-url", must: "must be an https:// address (http:// only on this machine's loopback)", echo: false, description: "OpenID Connect issuer; with the other OIDC_* enables account sign-in" },
  OIDC_CLIENT_ID: { type: "string", description: "OpenID Connect client id (the ID token's audience)" },
  OIDC_JWKS_URL: { type: "string", format: "secure-url", must: "must be an https:// address (http:// only on this machine's loopback)", echo: false, description: "the provider's key set" },
  OIDC_CLIENT_SECRET: { type: "string", echo: false, description: "the client secret the server redeems sign-in codes with" },
  OIDC_REDIRECT_URL: { type: "string", format: "url", must: "must be a URL", description: "the app's address the provider sends the browser back to, as registered with the provider: the app's root, e.g. https://recall.example.org/" },
  OIDC_ALLOWED_DOMAIN: { type: "string", format: "domain", must: "must be a domain such as example.org", description: "only e-mail addresses of this domain may sign in through the provider" },
  PASSWORD_SIGN_IN: { type: "string", enum: ["on", "off"], description: "local accounts sign in with e-mail and password (default on without OIDC_ISSUER, off with it)" },
  HANDOFF_SECRET: { type: "string", format: "32-bytes", must: "must be at least 32 bytes", echo: false, description: "partner portal HS256 secret (a public development value outside production)" },
  HANDOFF_JWKS_URL: { type: "string", format: "url", must: "must be a URL", description: "instead of HANDOFF_SECRET: the partner portal's key set (asymmetric keys)" },
  HANDOFF_ISSUER: { type: "string", default: "https://portal.recalldesk.example", description: "partner portal issuer" },
  HANDOFF_AUDIENCE: { type: "string", default: "recall-desk", description: "audience of hand-off tokens" },
  PARTNER_PORTAL_URL: { type: "string", format: "url", must: "must be a URL", default: "https://portal.recalldesk.example/", description: "the portal link of every session (mycdp_uri)" },
  SESSION_IDLE_MINUTES: integer(1, 24 * 60, 30, "idle timeout of a session"),
  SIGN_IN_RATE_LIMIT: integer(
    1,
    1_000_000,
    60,
    "calls a minute from one address to each sign-in or hand-off call before 429 (a call center behind one address signs in at shift start; guessing stays slow)",
  ),
  TRUST_PROXY: {
    type: "string",
    format: "proxy-list",
    must: "must list IP addresses or CIDR ranges separated by commas",
    description:
      "addresses or CIDR ranges of the reverse proxies in front, comma-separated: their X-Forwarded-For names the client (default: none, the connecting address)",
  },
  SMTP_URL: {
    type: "string",
    format: "url",
    pattern: "^smtps?://",
    must: { format: "must be a URL such as smtp://user:password@mail.example:587", pattern: "must start with smtp:// or smtps://" },
    echo: false, description: "SMTP server for outgoing mail; unset: mail waits in the outbox table, each message also an .eml in the file store" },
  MAIL_FROM: { type: "string", default: "Recall Desk <no-reply@recalldesk.example>", description: "sender of outgoing mail" },
  OUTBOX_MAX_MB: integer(1, 1_000_000, 500, "megabytes of messages the outbox may hold unsent before mail calls answer 503"),
  FILE_STORE: {
    type: "string",
    enum: ["database", "s3"],
    default: "database",
    description: "where recordings, help files, member files being imported and queued mail are kept: the database, or the S3-compatible bucket of S3_BUCKET",
  },
  S3_ENDPOINT: { type: "string", format: "url", must: "must be a URL such as https://s3.example.org", description: "address of an S3-compatible server (MinIO, Ceph, Wasabi…); unset: Amazon S3 in S3_REGION" },
  S3_BUCKET: {
    type: "string",
    pattern: "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$",
    must: "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
    description: "the bucket of FILE_STORE=s3 (it must exist)",
  },
  S3_REGION: { type: "string", default: "us-east-1", description: "the bucket's region" },
  S3_ACCESS_KEY_ID: { type: "string", description: "access key of the bucket, with S3_SECRET_ACCESS_KEY; unset: the AWS SDK's own (AWS_* variables, an instance role)" },
  S3_SECRET_ACCESS_KEY: { type: "string", echo: false, description: "the access key's secret" },
  S3_FORCE_PATH_STYLE: {
    type: "string",
    enum: ["yes", "no"],
    default: "no",
    description: "yes: the bucket in the address's path (http://host/bucket/key), as MinIO and most S3-compatible servers want; no: in the host name, as Amazon S3",
  },
  S3_PREFIX: {
    type: "string",
    pattern: "^[^/].*/$",
    must: "must end with / and not begin with it, e.g. recall-desk/",
    description: "put before every key, to share a bucket (e.g. recall-desk/); unset: none",
  },
  RECORDINGS_DIR: { type: "string", description: "a folder of call-recording audio kept before the file store (default DATA_DIR/recordings; none when DATA_DIR is memory://)" },
  HELP_FILES_DIR: { type: "string", format: "existing-folder", must: "must be an existing folder", description: "a folder of help videos and PDFs moved into the file store as they are asked for (default demo/files/help)" },
  REPORT_TIME_ZONE: { type: "string", format: "time-zone", default: "America/Chicago", must: "must be an IANA time zone such as America/Chicago", description: "IANA time zone of the practice group's report days" },
  DEMO_CLOCK_START: { type: "string", format: "instant", must: "must be an ISO instant such as 2026-11-16T15:00:00Z", description: "ISO instant at which the calendar of saved results and report periods starts, then runs on (demos); unset: the real clock. Refused in production" },
  IMPORT_DIR: { type: "string", description: "inbox of the payers' member files (default DATA_DIR/import; none when DATA_DIR is memory://)" },
  METRICS_TOKEN: { type: "string", pattern: "^\\S{16,}$", must: "must be at least 16 characters without spaces", echo: false, description: "a bearer token GET /metrics asks for; unset: /metrics answers only requests made on this machine" },
  SCHEDULER: { type: "string", enum: ["on", "off"], description: "run the scheduled jobs in this instance (default on; off when NODE_ENV=test)" },
  STATUS_REPORT_TO: { type: "string", format: "email-list", must: "must list e-mail addresses separated by commas", description: "e-mail addresses, comma-separated, the weekly members status report job mails; unset: skipped" },
  RECORDINGS_SOURCE: { type: "string", description: "where the phone system writes its recordings, which the Import call recordings job takes in: a folder, or s3://bucket/prefix; unset: skipped" },
  RECORDINGS_LAYOUT: {
    type: "string",
    format: "key-layout",
    default: DEFAULT_LAYOUT,
    must: `must be ${Object.keys(LAYOUT_PRESETS).join(", ")} or a pattern of fields such as {YYYY}-{MM}-{DD}/{practice}/{phone}_{hh}{mm}{ss}.{ext}`,
    description: "how the phone system names its recordings: a preset (freepbx, amazon-connect, recall-desk) or a pattern",
  },
  RECORDINGS_RETENTION_DAYS: {
    type: "string",
    pattern: "^[1-9][0-9]{0,5}$",
    must: "must be a whole number of days, 1 or more",
    description: "days a call recording's audio is kept; older audio is removed by a daily job (the row stays, marked audio removed), after a first run that only counts it; unset: kept forever",
  },
  RECORDINGS_S3_ENDPOINT: { type: "string", format: "url", must: "must be an address such as https://s3.example.com", description: "an S3-compatible server's address for RECORDINGS_SOURCE=s3://…; unset: Amazon S3" },
  RECORDINGS_S3_REGION: { type: "string", default: "us-east-1", description: "the region of the phone system's bucket" },
  RECORDINGS_S3_ACCESS_KEY_ID: { type: "string", echo: false, description: "the access key of the phone system's bucket; unset: the AWS SDK's own chain (instance role, AWS_* variables)" },
  RECORDINGS_S3_SECRET_ACCESS_KEY: { type: "string", echo: false, description: "its secret" },
  RECORDINGS_S3_PATH_STYLE: { type: "string", enum: ["on", "off"], default: "off", description: "path-style addressing (server/bucket/key), which MinIO and most S3-compatible servers want" },
  REMINDERS_URL: { type: "string", format: "secure-url", must: "must be an https:// address (http:// only on this machine's loopback)", echo: false, description: "address of the reminder service the appointment reminders job posts to; unset: skipped" },
  REMINDERS_TOKEN: { type: "string", echo: false, description: "optional bearer token sent to REMINDERS_URL" },
  OPENDENTAL_URL: {
    type: "string",
    pattern: "^mysql://[^/]+/[^/?]+",
    must: "must be a URL such as mysql://reader:password@od-server:3306/opendental, naming the database",
    echo: false,
    description: "the practices' Open Dental database (MySQL or MariaDB) and a user of it that may only SELECT; unset: the connector's runs are skipped",
  },
  OPENDENTAL_CLINICS: {
    type: "string",
    pattern: "^\\s*\\d+\\s*=\\s*[^,=\\s][^,=]*(,\\s*\\d+\\s*=\\s*[^,=\\s][^,=]*)*$",
    must: "must pair Open Dental clinic numbers with practice abbreviations, such as 1=SM-HOUS,2=SM-PASA (0=SM-HOUS without clinics)",
    description: "which Open Dental clinic (ClinicNum) is which practice (its abbreviation), comma-separated; 0 for a database without clinics",
  },
  OPENDENTAL_EVERY_MINUTES: integer(1, 60, DEFAULT_EVERY_MINUTES, "how often the Open Dental connector reads what changed"),
  OPENDENTAL_PRIORITIES: {
    type: "string",
    pattern: "^\\s*P[1-4](\\s*,\\s*P[1-4])*\\s*$",
    default: "P1,P2,P3,P4",
    must: "must list priorities P1 to P4 separated by commas, such as P1,P1,P2,P3,P4",
    description: "the priority (P1–P4) of each of the practice's treatment plan priorities in their order in Open Dental (ItemOrder 0, 1, …); later ones take the last",
  },
  OPENDENTAL_UNPRIORITIZED: { type: "string", enum: ["P1", "P2", "P3", "P4"], default: "P4", description: "the priority of treatment planned in Open Dental without a priority" },
  OPENDENTAL_TIME_ZONE: { type: "string", format: "time-zone", must: "must be an IANA time zone such as America/Chicago", description: "the IANA time zone of the Open Dental server's clock (default REPORT_TIME_ZONE)" },
  LOG_LEVEL: { type: "string", enum: ["fatal", "error", "warn", "info", "debug", "trace", "silent"], default: "info", caseInsensitive: true, description: "the server log's level" },
  // The work queue's rules (domain/queue/rules.ts; every instance must have the same).
  QUEUE_CALLING_HOURS: { type: "string", format: "calling-window", must: "must be a window of the day such as 08:00-21:00", description: "the calling window in each member's local time (default 08:00-21:00)" },
  QUEUE_MAX_ATTEMPTS: integer(1, 1000, DEFAULT_QUEUE_RULES.maxAttempts, "attempts in total before the queue stops serving a member"),
  QUEUE_ATTEMPTS_PER_DAY: integer(1, 100, DEFAULT_QUEUE_RULES.attemptsPerDay, "attempts on one local day of the member's"),
  QUEUE_NO_ANSWER_COOLDOWN_HOURS: integer(0, 24 * 365, (DEFAULT_QUEUE_RULES.cooldownMs["No answer"] ?? 0) / HOUR_MS, "rest after No answer"),
  QUEUE_LEFT_MESSAGE_COOLDOWN_HOURS: integer(0, 24 * 365, (DEFAULT_QUEUE_RULES.cooldownMs["Left message"] ?? 0) / HOUR_MS, "rest after Left message"),
  QUEUE_RECARE_MONTHS: integer(1, 120, DEFAULT_QUEUE_RULES.recareMonths, "recare is due this long after the last visit"),
  CALLBACK_GRACE_MINUTES: integer(0, 24 * 60, DEFAULT_QUEUE_RULES.callbackGraceMs / MINUTE_MS, "a due callback stays its owner's this long, then anyone's"),
  CALLBACK_MAX_DAYS_AHEAD: integer(1, 366, DEFAULT_QUEUE_RULES.callbackMaxDaysAhead, "how far ahead a callback may be booked"),
  CALLBACKS_PER_AGENT: integer(1, 10_000, DEFAULT_QUEUE_RULES.maxOpenCallbacks, "the most open callbacks one agent may own"),
  CLAIMS_PER_MINUTE: integer(
    1,
    1_000_000,
    CLAIMS_PER_MINUTE,
    "claims of members and Next, together, one user may make a minute before 429 (one account cannot drain the queue)",
  ),
} as const satisfies Record<string, Variable>;

type Variables = typeof VARIABLES;
export type VariableName = keyof Variables;
type ValueOf<V> = V extends { enum: readonly (infer Choice)[] } ? Choice : V extends { type: "integer" } ? number : string;
/** Each variable's value as the schema reads it; undefined when unset and without a default. */
export type Environment = { [Name in VariableName]: Variables[Name] extends { default: unknown } ? ValueOf<Variables[Name]> : ValueOf<Variables[Name]> | undefined };

const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true });
ajv.addVocabulary(["must", "echo", "caseInsensitive"]);
for (const [name, test] of Object.entries(FORMATS)) ajv.addFormat(name, test);
for (const [name, test] of Object.entries(LIST_FORMATS)) ajv.addFormat(name, (value: string) => listOf(value).every(test));
const validate = ajv.compile({ type: "object", properties: VARIABLES });

/** What is wrong with a variable's value, in the words an administrator reads at start. */
function problemOf(name: VariableName, raw: string, failed: string[]): string {
  const variable: Variable = VARIABLES[name];
  const { must } = variable;
  const told =
    "enum" in variable
      ? `must be ${variable.enum.length === 2 ? variable.enum.join(" or ") : `one of ${variable.enum.join(", ")}`}`
      : variable.type === "integer"
        ? `must be an integer from ${variable.minimum} to ${variable.maximum}`
        : typeof must === "object"
          ? (Object.entries(must).find(([keyword]) => failed.includes(keyword))?.[1] ?? "must be valid")
          : (must ?? "must be valid");
  const listed = "format" in variable && variable.format !== undefined ? LIST_FORMATS[variable.format] : undefined;
  const shown = listed ? listOf(raw).filter((entry) => !listed(entry)).join(", ") : raw;
  return variable.echo === false ? `${name} ${told}` : `${name} ${told}, not "${shown}"`;
}

/** The variables' values (defaults filled in), and one problem per variable whose value is wrong. */
export function readEnvironment(env: NodeJS.ProcessEnv): { values: Environment; problems: string[]; wrong: Set<VariableName> } {
  const names = Object.keys(VARIABLES) as VariableName[];
  const given = Object.fromEntries(names.filter((name) => env[name]).map((name) => [name, env[name]!])) as Partial<Record<VariableName, string>>;
  const data: Record<string, unknown> = Object.fromEntries(
    Object.entries(given).map(([name, value]) => [name, "caseInsensitive" in VARIABLES[name as VariableName] ? value.toLowerCase() : value]),
  );
  validate(data);
  const failed = new Map<VariableName, string[]>();
  for (const error of validate.errors ?? ([] as ErrorObject[])) {
    const name = error.instancePath.slice(1) as VariableName;
    failed.set(name, [...(failed.get(name) ?? []), error.keyword]);
  }
  // A wrong value is left out (its default, if any, stands in) so that the rules between variables read only good ones.
  for (const name of failed.keys()) {
    const variable: Variable = VARIABLES[name];
    if (variable.default === undefined) delete data[name];
    else data[name] = variable.default;
  }
  const problems = [...failed].map(([name, keywords]) => problemOf(name, given[name] ?? "", keywords));
  return { values: data as Environment, problems, wrong: new Set(failed.keys()) };
}
