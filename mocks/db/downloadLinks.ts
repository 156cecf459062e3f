// Signed call-recording downloads (docs/architecture.md, "Mail and files"): a link is a random token that
// names the recording, the file name to save as and who asked, and expires after 5 minutes on the
// mock's clock. The issued links are also the audit of who downloaded what and when.
import type { RecordingDownloadRecord } from "./records";

/** openapi.yaml, downloadCallRecording: the link expires after 5 minutes. */
export const DOWNLOAD_LINK_LIFETIME_MS = 5 * 60 * 1000;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function issueDownloadLink(
  downloads: RecordingDownloadRecord[],
  request: { recordingId: number; title: string; userId: number; sessionToken: string },
  now: Date,
): RecordingDownloadRecord {
  const record = {
    token: randomToken(),
    ...request,
    issuedAt: now.toISOString(),
    expiresAt: now.getTime() + DOWNLOAD_LINK_LIFETIME_MS,
  };
  downloads.push(record);
  return record;
}

/** The link of a token while it is valid; undefined when unknown or expired. */
export function redeemDownloadLink(downloads: readonly RecordingDownloadRecord[], token: string, now: Date) {
  const record = downloads.find((candidate) => candidate.token === token);
  return record && now.getTime() < record.expiresAt ? record : undefined;
}

/** Ends a link as its 5 minutes would; tests use it to see an expired link refused. */
export function expireDownloadLink(downloads: RecordingDownloadRecord[], token: string): void {
  const record = downloads.find((candidate) => candidate.token === token);
  if (record) record.expiresAt = Date.parse(record.issuedAt);
}
