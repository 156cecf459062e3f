// npm run test:contract:server:pooler: the server's conformance suite once more, every test file's
// server reaching PostgreSQL through PgBouncer in transaction pooling mode (DATABASE_POOLER_URL_TEST)
// with its migrations and LISTEN on the direct connection (DATABASE_URL_TEST). .ci/run starts the
// pooler; without it the stage says so and passes.
import { spawnSync } from "node:child_process";

if (!process.env.DATABASE_POOLER_URL_TEST || !process.env.DATABASE_URL_TEST) {
  console.log("DATABASE_POOLER_URL_TEST and DATABASE_URL_TEST are not both set: the suite through the pooler is skipped");
  process.exit(0);
}
// The reports read from the streaming replica when DATABASE_REPLICA_URL_TEST is set; the suite's
// every read waits for the replica to have replayed the writes before it (tests/contract/target.ts),
// the replica's lag being proven on its own.
const run = spawnSync("npm", ["run", "test:contract:server"], { stdio: "inherit", env: { ...process.env, CONTRACT_DATABASE: "pooler" } });
process.exit(run.status ?? 1);
