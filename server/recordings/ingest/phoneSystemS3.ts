// The S3 client of the phone system's bucket (RECORDINGS_S3_*): Amazon S3 by default, or any
// S3-compatible server at RECORDINGS_S3_ENDPOINT (MinIO, Ceph, Wasabi) with path-style addressing.
// Few attempts and a short timeout: an unreachable bucket fails the run in seconds, in one line,
// and the next scheduled run tries again.
import { S3Client } from "@aws-sdk/client-s3";

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

const REQUEST_TIMEOUT_MS = 10_000;

export function s3ClientOf(settings: S3Settings): S3Client {
  const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = settings;
  return new S3Client({
    region,
    endpoint,
    forcePathStyle,
    // Checksums only where S3 requires them, which every S3-compatible server reads.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: REQUEST_TIMEOUT_MS },
    // Without keys the SDK's own chain applies (an instance role, AWS_* variables, ~/.aws).
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
}

/** An S3 error in one line: its code and the first line of its message. */
export function s3ErrorLine(error: unknown): string {
  const { name, message, Code } = error as { name?: string; message?: string; Code?: string };
  const first = (message ?? String(error)).split("\n")[0]!.trim();
  const code = Code ?? name;
  return code && code !== "Error" && !first.startsWith(code) ? `${code}: ${first}` : first;
}
