// Starts the server: configuration from the environment, the app on PORT, clean shutdown (PGlite
// must be closed or the process never exits, and its lock file released).
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { FolderLockedError } from "./db/lock.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config, logger: true });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
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
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
  console.log(`Recall Desk listens on ${address} — data: ${where}`);
  if (!config.oidc && !config.production) console.log("Sign in with the development provider: choose a seeded account on the login screen.");
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof FolderLockedError) {
    console.error(`Recall Desk cannot start: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
