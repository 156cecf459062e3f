// Starts the server: configuration from the environment, the API and the built app (dist/) on one
// port, and a clean shutdown on SIGINT/SIGTERM (PGlite must be closed or the process never exits,
// and its lock file released). `npm start` builds the app and seeds the demo data before this runs,
// after `node server/main.ts --check`: the configuration is valid and the data folder free, so that
// a problem is told in one line before a minute of building and seeding.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { verifyPassword } from "./auth/passwords.ts";
import { anyStaff, firstStaff } from "./auth/sessions.repository.ts";
import { ConfigError, loadConfig, type ServerConfig } from "./config.ts";
import { BucketUnavailableError } from "./files/s3Settings.ts";
import { FolderLockedError, lockDataFolder } from "./db/lock.ts";
import { DEMO_PASSWORD } from "../demo/staff.ts";
import { listenAdminSocket } from "./admin/adminSocket.ts";
import { runUserCommand } from "./auth/userCommand.ts";
import { bucketSettingsOf, FILES_COMMAND, runFilesCommand } from "./files/filesCommand.ts";
import { settingOf } from "./queue/setting.ts";

const DIST = fileURLToPath(new URL("../dist", import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv.includes("--check")) {
    if (!config.databaseUrl && config.dataDir !== "memory://") lockDataFolder(config.dataDir)();
    return;
  }
  const built = existsSync(`${DIST}/index.html`);
  const app = await buildApp({ config, logger: true, ...(built ? { spaDir: DIST } : {}) });
  stopOnSignals(app);
  app.addHook("preClose", (await import("./jobs/scheduler.ts")).startScheduler(app.services)); // jobs stop before the database closes
  // PGlite: `npm run user` and `npm run files` reach the database through this server (server/admin/adminSocket.ts).
  if (!config.databaseUrl && config.dataDir !== "memory://") {
    const socket = await listenAdminSocket(app.services.db, config.dataDir, (db, args) =>
      args[0] === FILES_COMMAND ? runFilesCommand(db, args.slice(1), bucketSettingsOf(process.env)) : runUserCommand(db, args, settingOf(app.services)),
    );
    app.addHook("preClose", () => new Promise<void>((done) => socket.close(() => done())));
  }
  const address = await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
  const signIn = await howToSignIn(app, config);
  console.log(
    [
      `\nRecall Desk is running at ${address} (data: ${where}).`,
      ...(built ? [] : ["No build in dist/: the API only. `npm start` builds the app; `npm run dev` serves it from source."]),
      signIn,
      ...(config.devSignInOnNetwork
        ? [`WARNING: DANGEROUSLY_ALLOW_DEV_SIGN_IN_ON_NETWORK=yes: anyone who reaches ${address} can sign in as any staff member.`]
        : []),
    ].join("\n"),
  );
}

function stopOnSignals(app: FastifyInstance): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal while closing: leave at once (a stale lock is taken over by the next start).
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** The demo accounts the login screen's development provider offers, from the database. */
async function howToSignIn(app: FastifyInstance, config: ServerConfig): Promise<string> {
  const anyone = await anyStaff(app.services.db);
  const firstAdministrator = "`npm run user -- add <e-mail> --first <name> --last <name> --admin` adds the first administrator";
  if (!anyone) return `The database has no staff yet: ${firstAdministrator}${config.oidc || config.production ? "" : " (or `npm run seed` loads the demo world)"}.`;
  if (config.oidc || config.production) return "Sign in with your organisation's account.";
  const staff = await firstStaff(app.services.db, 3);
  if (staff.length === 0) return "Every staff account is disabled: `npm run user -- enable <e-mail>` gives one access again.";
  const accounts = staff.map((user) => `  ${user.firstname} ${user.lastname} <${user.email}>${user.is_admin ? " (administrator)" : ""}`);
  const demoPassword = staff[0]!.password_hash && (await verifyPassword(DEMO_PASSWORD, staff[0]!.password_hash));
  return [
    'Sign in: open the address, press "Sign in with your account" and choose one of the staff, e.g.',
    ...accounts,
    ...(demoPassword ? [`(POST /api/sessions/login?jwt=1 takes their e-mail with the demo password "${DEMO_PASSWORD}").`] : []),
  ].join("\n");
}

function reasonNotToStart(error: unknown): string | undefined {
  if (error instanceof ConfigError || error instanceof FolderLockedError || error instanceof BucketUnavailableError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") return "the port is in use by another program: set PORT to a free port (default 8080)";
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") return "HOST is not an address of this machine";
  return undefined;
}

main().catch((error: unknown) => {
  const reason = reasonNotToStart(error);
  console.error(reason ? `Recall Desk cannot start: ${reason}` : error);
  process.exit(1);
});
