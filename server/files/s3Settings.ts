// Where FILE_STORE=s3 keeps the files: an S3-compatible bucket (Amazon S3, MinIO, Ceph, Wasabi,
// Backblaze B2…) read from the S3_* settings (docs/operations.md, Files). Every S3 client of the
// server is built here from its connection settings: the file store's (S3_*) and the phone
// system's bucket the recordings are imported from (RECORDINGS_S3_*).
import { HeadBucketCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";

/** How to reach an S3-compatible server. */
export interface S3Connection {
  /** An S3-compatible server's address; undefined: Amazon S3 of `region`. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither: the AWS SDK's own chain (AWS_* variables, instance roles…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most servers but Amazon's. */
  forcePathStyle: boolean;
  /** A request that waits this long for the server (to connect, or between bytes) fails; undefined: no limit. */
  requestTimeoutMs?: number;
}

export interface S3Settings extends S3Connection {
  bucket: string;
  /** Put before every key, e.g. "recall-desk/" to share a bucket; "" by default. */
  prefix: string;
}

/** Where the file store keeps files (FILE_STORE). */
export type FileStoreConfig = { kind: "database" } | { kind: "s3"; s3: S3Settings };

/** A new S3 client of the connection. Checksums only where S3 requires them, which every S3-compatible server reads. */
export function s3ClientOf(connection: S3Connection): S3Client {
  const { requestTimeoutMs } = connection;
  return new S3Client({
    region: connection.region,
    forcePathStyle: connection.forcePathStyle,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    ...(requestTimeoutMs ? { requestHandler: { requestTimeout: requestTimeoutMs, connectionTimeout: requestTimeoutMs } } : {}),
    ...(connection.endpoint ? { endpoint: connection.endpoint } : {}),
    ...(connection.credentials ? { credentials: connection.credentials } : {}),
  });
}

const clients = new WeakMap<S3Connection, S3Client>();

/** The one client of these connection settings, made when first asked for and shared after. */
export function s3ClientFor(connection: S3Connection): S3Client {
  let client = clients.get(connection);
  if (!client) clients.set(connection, (client = s3ClientOf(connection)));
  return client;
}

/** An S3 error in one line: its code and the first line of its message. */
export function s3ErrorLine(error: unknown): string {
  const { name, message, Code } = error as { name?: string; message?: string; Code?: string };
  const first = (message ?? String(error)).split("\n")[0]!.trim();
  const code = Code ?? name;
  return code && code !== "Error" && !first.startsWith(code) ? `${code}: ${first}` : first;
}

/** Where the bucket is, as an administrator reads it in a message. */
export const bucketAddress = (settings: S3Settings) => `bucket "${settings.bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`;

/** One line saying why a call to the bucket failed (a server's answer by its code, a network failure by its own). */
export function s3FailureOf(error: unknown, settings: S3Settings): string {
  const where = bucketAddress(settings);
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    const code = error.name === "Unknown" || error.name === "UnknownError" ? `HTTP ${status ?? "error"}` : error.name;
    if (status === 403 || /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch/.test(code)) {
      return `${where} refused the credentials (${code}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`;
    }
    if (status === 404 || code === "NoSuchBucket" || code === "NotFound") return `${where} does not exist (${code}): check S3_BUCKET`;
    return `${where} answered ${code}${error.message && error.message !== code ? `: ${error.message.split("\n")[0]}` : ""}`;
  }
  const cause = error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message.split("\n")[0]}` : String(error);
  return `${where} cannot be reached (${cause}): check S3_ENDPOINT and the network`;
}

export class BucketUnavailableError extends Error {}

/** Throws BucketUnavailableError with one line unless the bucket answers with these credentials. */
export async function checkBucket(client: S3Client, settings: S3Settings): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    throw new BucketUnavailableError(`FILE_STORE=s3: ${s3FailureOf(error, settings)}`, { cause: error });
  }
}
