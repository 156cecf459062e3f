// @vitest-environment node
// The configuration's refusal of development sign-in where other machines reach the server, directly
// or through a reverse proxy, and start-up errors that name every variable they need, all at once.
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopback, loadConfig } from "./config.ts";
import { DEFAULT_QUEUE_RULES } from "../domain/queue/rules.ts";

const OIDC = { OIDC_ISSUER: "https://accounts.example", OIDC_CLIENT_ID: "recall", OIDC_JWKS_URL: "https://accounts.example/keys", OIDC_CLIENT_SECRET: "s", OIDC_REDIRECT_URL: "https://recall.example/" };
const SECRET = { HANDOFF_SECRET: "a portal secret of more than thirty-two bytes" };

describe("development sign-in on the network", () => {
  it("starts on this machine's own addresses with the development provider and secret", () => {
    for (const HOST of ["", "127.0.0.1", "127.0.1.1", "localhost", "::1", "[::1]", "::ffff:127.0.0.1"]) {
      expect(loadConfig({ HOST }).devSignInOnNetwork).toBe(false);
    }
  });

  it("refuses an address other machines reach, in one line naming what to set", () => {
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(
      "HOST=0.0.0.0 is reachable from other machines, where the development sign-in provider " +
        "(set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_JWKS_URL, OIDC_REDIRECT_URL) " +
        "and the public hand-off secret (set HANDOFF_SECRET or HANDOFF_JWKS_URL) would let anyone sign in as any staff member; configure them, keep HOST=127.0.0.1, " +
        "or set DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK=yes for a demo on a network you trust",
    );
    expect(() => loadConfig({ HOST: "::", ...OIDC })).toThrow(/the public hand-off secret \(set HANDOFF_SECRET or HANDOFF_JWKS_URL\) would let/);
    expect(() => loadConfig({ HOST: "192.168.1.20", ...SECRET })).toThrow(/the development sign-in provider \(set OIDC_ISSUER/);
  });

  it("starts there with a real provider and secret, or when the loud setting says yes", () => {
    expect(loadConfig({ HOST: "0.0.0.0", ...OIDC, ...SECRET }).devSignInOnNetwork).toBe(false);
    expect(loadConfig({ HOST: "0.0.0.0", DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK: "yes" }).devSignInOnNetwork).toBe(true);
    expect(() => loadConfig({ DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK: "sure" })).toThrow('DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK must be yes or no, not "sure"');
  });

  it("refuses a reverse proxy in front (TRUST_PROXY) with either, on any HOST and whatever the loud setting says", () => {
    const refusal =
      "TRUST_PROXY says a reverse proxy serves this server, where the development sign-in provider (set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_JWKS_URL, OIDC_REDIRECT_URL) " +
      "and the public hand-off secret (set HANDOFF_SECRET or HANDOFF_JWKS_URL) would let anyone the proxy serves sign in as any staff member; configure them, or unset TRUST_PROXY";
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1" })).toThrow(refusal);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1", HOST: "0.0.0.0", DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK: "yes" })).toThrow(refusal);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1", ...OIDC })).toThrow(/where the public hand-off secret \(set HANDOFF_SECRET or HANDOFF_JWKS_URL\) would let/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1", ...SECRET })).toThrow(/where the development sign-in provider \(set OIDC_ISSUER/);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1", ...OIDC, ...SECRET }).trustedProxies).toEqual(["10.0.0.1"]);
  });

  it("tells loopback addresses from the others", () => {
    expect(["127.0.0.1", "localhost", "LOCALHOST", "::1"].map(isLoopback)).toEqual([true, true, true, true]);
    expect(["0.0.0.0", "::", "10.0.0.5", "example.org", "128.0.0.1"].map(isLoopback)).toEqual([false, false, false, false, false]);
  });
});

describe("start-up errors", () => {
  const messageOf = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error("the configuration was accepted");
  };

  it("name every variable a production start lacks, in one line", () => {
    const message = messageOf({ NODE_ENV: "production" });
    for (const name of [...Object.keys(OIDC), "HANDOFF_SECRET", "HANDOFF_JWKS_URL"]) expect(message).toContain(name);
    expect(message).not.toContain("\n");
  });

  it("name every provider setting that is missing when some are set", () => {
    expect(messageOf({ OIDC_ISSUER: "https://accounts.example", OIDC_CLIENT_ID: "recall" })).toBe(
      "OIDC_CLIENT_SECRET, OIDC_JWKS_URL, OIDC_REDIRECT_URL must be set too: the provider takes all five of " +
        "OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_JWKS_URL, OIDC_REDIRECT_URL, or none",
    );
  });

  it("report every wrong value at once", () => {
    const message = messageOf({ PORT: "eighty", LOG_LEVEL: "loud", STATUS_REPORT_TO: "managers", REMINDERS_URL: "http://reminders.example/" });
    expect(message.split("; ")).toEqual([
      'PORT must be an integer from 0 to 65535, not "eighty"',
      'STATUS_REPORT_TO must list e-mail addresses separated by commas, not "managers"',
      "REMINDERS_URL must be an https:// address (http:// only on this machine's loopback)",
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"',
    ]);
  });
});

describe("jobs and logging settings", () => {
  it("read the log level, the report's recipients and the reminder service", () => {
    const config = loadConfig({ LOG_LEVEL: "WARN", STATUS_REPORT_TO: "a@practice.example, b@practice.example", REMINDERS_URL: "https://reminders.example/api", REMINDERS_TOKEN: "t" });
    expect(config.logLevel).toBe("warn");
    expect(config.statusReportTo).toEqual(["a@practice.example", "b@practice.example"]);
    expect(config.reminders).toEqual({ url: "https://reminders.example/api", token: "t" });
    expect(loadConfig({})).toMatchObject({ logLevel: "info", statusReportTo: [], reminders: undefined });
  });

  it("refuse a level, an address or a service that cannot be", () => {
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"');
    expect(() => loadConfig({ STATUS_REPORT_TO: "a@practice.example,managers" })).toThrow('STATUS_REPORT_TO must list e-mail addresses separated by commas, not "managers"');
    expect(() => loadConfig({ REMINDERS_URL: "http://reminders.example/" })).toThrow("REMINDERS_URL must be an https:// address");
    expect(loadConfig({ REMINDERS_URL: "http://127.0.0.1:9000/" }).reminders?.url).toBe("http://127.0.0.1:9000/");
    expect(() => loadConfig({ REMINDERS_TOKEN: "t" })).toThrow("REMINDERS_URL must be set with REMINDERS_TOKEN");
  });
});

describe("the work queue's rules", () => {
  it("are the defaults unless a variable says otherwise", () => {
    expect(loadConfig({}).queue).toEqual(DEFAULT_QUEUE_RULES);
    const queue = loadConfig({
      QUEUE_CALLING_HOURS: "09:30-20:00",
      QUEUE_MAX_ATTEMPTS: "8",
      QUEUE_ATTEMPTS_PER_DAY: "2",
      QUEUE_NO_ANSWER_COOLDOWN_HOURS: "2",
      QUEUE_LEFT_MESSAGE_COOLDOWN_HOURS: "72",
      QUEUE_RECARE_MONTHS: "12",
      CALLBACK_GRACE_MINUTES: "15",
      CALLBACK_MAX_DAYS_AHEAD: "14",
      CALLBACKS_PER_AGENT: "80",
    }).queue;
    expect(queue).toEqual({
      callingWindow: { opensAt: 570, closesAt: 1200 },
      maxAttempts: 8,
      attemptsPerDay: 2,
      cooldownMs: { "No answer": 2 * 3_600_000, "Left message": 72 * 3_600_000 },
      recareMonths: 12,
      callbackGraceMs: 15 * 60_000,
      callbackMaxDaysAhead: 14,
      maxOpenCallbacks: 80,
    });
  });

  it("refuse a value that is no rule, in one line naming the variable", () => {
    expect(() => loadConfig({ QUEUE_CALLING_HOURS: "21:00-08:00" })).toThrow('QUEUE_CALLING_HOURS must be a window of the day such as 08:00-21:00, not "21:00-08:00"');
    expect(() => loadConfig({ QUEUE_CALLING_HOURS: "8am-9pm" })).toThrow(ConfigError);
    expect(() => loadConfig({ QUEUE_CALLING_HOURS: "08:75-21:00" })).toThrow(ConfigError);
    expect(() => loadConfig({ QUEUE_MAX_ATTEMPTS: "0" })).toThrow('QUEUE_MAX_ATTEMPTS must be an integer from 1 to 1000, not "0"');
    expect(() => loadConfig({ CALLBACK_GRACE_MINUTES: "half an hour" })).toThrow(/CALLBACK_GRACE_MINUTES must be an integer/);
    expect(() => loadConfig({ CALLBACKS_PER_AGENT: "-1" })).toThrow(/CALLBACKS_PER_AGENT/);
  });
});

describe("the Open Dental connector's settings", () => {
  const URL_SET = { OPENDENTAL_URL: "mysql://reader:secret@od-server:3306/opendental", OPENDENTAL_CLINICS: "1=SM-HOUS, 2 = SM-PASA" };

  it("read the database, its clinics' practices, the interval, the priorities and the clock's zone", () => {
    expect(loadConfig({}).openDental).toBeUndefined();
    expect(loadConfig(URL_SET).openDental).toEqual({
      url: URL_SET.OPENDENTAL_URL,
      clinics: new Map([
        ["1", "SM-HOUS"],
        ["2", "SM-PASA"],
      ]),
      everyMinutes: 5,
      priorities: ["P1", "P2", "P3", "P4"],
      unprioritized: "P4",
      timeZone: "America/Chicago",
    });
    const tuned = loadConfig({ ...URL_SET, OPENDENTAL_EVERY_MINUTES: "1", OPENDENTAL_PRIORITIES: "P1, P1,P2", OPENDENTAL_UNPRIORITIZED: "P3", OPENDENTAL_TIME_ZONE: "America/Denver" }).openDental;
    expect(tuned).toMatchObject({ everyMinutes: 1, priorities: ["P1", "P1", "P2"], unprioritized: "P3", timeZone: "America/Denver" });
  });

  it("refuse a database without its clinics, clinics without a database, and what cannot be, in one line", () => {
    expect(() => loadConfig({ OPENDENTAL_URL: URL_SET.OPENDENTAL_URL })).toThrow("OPENDENTAL_CLINICS must be set with OPENDENTAL_URL (which Open Dental clinic is which practice)");
    expect(() => loadConfig({ OPENDENTAL_CLINICS: "0=SM-HOUS" })).toThrow("OPENDENTAL_URL must be set with OPENDENTAL_CLINICS");
    expect(() => loadConfig({ ...URL_SET, OPENDENTAL_URL: "postgres://od/x" })).toThrow("OPENDENTAL_URL must be a URL such as mysql://reader:password@od-server:3306/opendental, naming the database");
    expect(() => loadConfig({ ...URL_SET, OPENDENTAL_URL: "mysql://od-server:3306" })).toThrow(/OPENDENTAL_URL must be a URL/);
    expect(() => loadConfig({ ...URL_SET, OPENDENTAL_CLINICS: "SM-HOUS" })).toThrow('OPENDENTAL_CLINICS must pair Open Dental clinic numbers with practice abbreviations');
    expect(() => loadConfig({ ...URL_SET, OPENDENTAL_CLINICS: "1=SM-HOUS,1=SM-PASA" })).toThrow("OPENDENTAL_CLINICS names a clinic number twice");
    expect(() => loadConfig({ ...URL_SET, OPENDENTAL_EVERY_MINUTES: "0" })).toThrow('OPENDENTAL_EVERY_MINUTES must be an integer from 1 to 60, not "0"');
    expect(() => loadConfig({ ...URL_SET, OPENDENTAL_PRIORITIES: "P1,P5" })).toThrow(/OPENDENTAL_PRIORITIES must list priorities P1 to P4/);
  });
});

describe("the file store's settings", () => {
  it("keeps files in the database unless FILE_STORE=s3", () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: "database" });
  });

  it("reads the bucket's settings, path style and prefix", () => {
    const config = loadConfig({ FILE_STORE: "s3", S3_BUCKET: "calls", S3_ENDPOINT: "https://minio.example.org", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret", S3_FORCE_PATH_STYLE: "yes", S3_PREFIX: "desk/" });
    expect(config.fileStore).toEqual({
      kind: "s3",
      s3: { endpoint: "https://minio.example.org", bucket: "calls", region: "us-east-1", credentials: { accessKeyId: "id", secretAccessKey: "secret" }, forcePathStyle: true, prefix: "desk/" },
    });
  });

  it("refuses FILE_STORE=s3 without a bucket, a key without its secret and a bad name, in one line", () => {
    expect(() => loadConfig({ FILE_STORE: "s3", S3_ACCESS_KEY_ID: "id", S3_PREFIX: "/x" })).toThrow(
      'S3_PREFIX must end with / and not begin with it, e.g. recall-desk/, not "/x"; S3_BUCKET must be set when FILE_STORE=s3 (the bucket that keeps the files); S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither',
    );
    expect(() => loadConfig({ FILE_STORE: "bucket" })).toThrow('FILE_STORE must be database or s3, not "bucket"');
    expect(() => loadConfig({ FILE_STORE: "s3", S3_BUCKET: "Calls_2026" })).toThrow("S3_BUCKET must be a bucket name");
  });
});
