// A real S3 server in the test's own process (s3rver, on loopback and a free port, its objects in a
// temporary folder) with one bucket, and the S3 settings and FILE_STORE=s3 variables that reach it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../../server/files/s3Settings.ts";

/** s3rver's own access key and secret: it checks every request's signature against them. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestS3Server {
  settings: S3Settings;
  /** The variables of FILE_STORE=s3 on this server (for loadConfig). */
  env: Record<string, string>;
  close: () => Promise<void>;
}

export async function startS3Server(bucket = "recall-desk-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "recall-desk-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: process.env.S3RVER_LOG !== "yes", directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { endpoint, bucket, region: "us-east-1", credentials: S3RVER_CREDENTIALS, forcePathStyle: true, prefix: "" };
  return {
    settings,
    env: {
      FILE_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "yes",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
