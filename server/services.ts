// What handlers work with: the database, the configuration, token verifiers and JSON parameters.
import type { Kysely } from "kysely";
import type { ServerConfig } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { IdTokenVerifier } from "./auth/tokens.ts";
import type { OidcFlow } from "./auth/oidc.ts";
import type { JsonParamDecoder } from "./jsonParams.ts";
import type { FileStore } from "./files/fileStore.ts";
import type { WriteLane } from "./db/writeLane.ts";
import type { ReadChoice } from "./db/replicas.ts";

export interface Services {
  db: Kysely<Database>;
  /** Which engine `db` is: where one statement's results travel back faster one way on each (the members list's page). */
  engine: "pglite" | "postgres";
  /** Where a read that may be a few seconds old goes now: a replica, or the primary (db/replicas.ts). */
  reads: () => ReadChoice;
  config: ServerConfig;
  verifyIdToken: IdTokenVerifier;
  /** The code flow with the configured OpenID Connect provider; undefined without one. */
  oidc?: OidcFlow | undefined;
  /** JSON path and query parameters, decoded and validated against their contentSchema. */
  decodeJson: JsonParamDecoder;
  /** The time of the sessions' rules (idle and absolute expiry); tests pass a clock they control. */
  now: () => Date;
  /** Where saves wait for a connection, leaving some to reads (server/db/writeLane.ts). */
  saves: WriteLane;
  /** Recordings, help files and queued mail, shared by every instance (server/files/fileStore.ts). */
  files: FileStore;
}
