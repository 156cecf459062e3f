// The phone system's place for the recordings import's tests: a real S3 server in this process
// (s3rver, on loopback and a free port, its objects in a temporary folder) or a temporary folder,
// and the audio the tests drop in it (a few real bytes of each format).
import { CreateBucketCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import crypto from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import S3rver from "s3rver";
import { s3ClientOf } from "../../server/files/s3Settings.ts";

/** s3rver's own access key and secret: it checks every request's signature against them. */
export const S3RVER_KEYS = { RECORDINGS_S3_ACCESS_KEY_ID: "S3RVER", RECORDINGS_S3_SECRET_ACCESS_KEY: "S3RVER" };

/** A WAV file's header and a little silence. */
export const WAV = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([36 + 64, 0, 0, 0]),
  Buffer.from("WAVEfmt "),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1f, 0, 0, 0x80, 0x3e, 0, 0, 2, 0, 16, 0]),
  Buffer.from("data"),
  Buffer.from([64, 0, 0, 0]),
  Buffer.alloc(64),
]);
/** An MP3 frame's header (MPEG-1 layer III) and its padding. */
export const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);

/**
 * s3rver seals its listings' continuation tokens with single DES, which Node 24's OpenSSL 3 no
 * longer offers: every listing of more than a page would answer 500. Only s3rver reads its own
 * tokens, so in the test process its DES is triple DES of the same key (a block of the same size).
 */
export function letS3rverPageListings(): void {
  const tripled = (key: crypto.CipherKey) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  const { createCipheriv, createDecipheriv } = crypto;
  const patched = crypto as unknown as Record<string, unknown>;
  if (patched.s3rverPages) return;
  patched.s3rverPages = true;
  patched.createCipheriv = (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike) =>
    algorithm === "des" ? createCipheriv("des-ede3-cbc", tripled(key), iv) : createCipheriv(algorithm, key, iv);
  patched.createDecipheriv = (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike) =>
    algorithm === "des" ? createDecipheriv("des-ede3-cbc", tripled(key), iv) : createDecipheriv(algorithm, key, iv);
}

export interface RecordingsPlace {
  /** RECORDINGS_SOURCE and the other variables that reach it. */
  env: Record<string, string>;
  put: (key: string, content: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
}

export async function startS3Place(bucket = "phone-system", prefix = "calls/"): Promise<RecordingsPlace> {
  letS3rverPageListings();
  const directory = mkdtempSync(join(tmpdir(), "recall-desk-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { RECORDINGS_SOURCE: `s3://${bucket}/${prefix}`, RECORDINGS_S3_ENDPOINT: endpoint, RECORDINGS_S3_PATH_STYLE: "on", ...S3RVER_KEYS };
  const client = s3ClientOf({ endpoint, region: "us-east-1", credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }, forcePathStyle: true });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env,
    put: async (key, content) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}${key}`, Body: content }));
    },
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export async function startFolderPlace(): Promise<RecordingsPlace> {
  const folder = mkdtempSync(join(tmpdir(), "recall-desk-monitor-"));
  return {
    env: { RECORDINGS_SOURCE: folder },
    put: async (key, content) => {
      mkdirSync(dirname(join(folder, key)), { recursive: true });
      writeFileSync(join(folder, key), content);
    },
    close: async () => rmSync(folder, { recursive: true, force: true }),
  };
}
