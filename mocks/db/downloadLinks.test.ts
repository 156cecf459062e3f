import { describe, expect, it } from "vitest";
import { DOWNLOAD_LINK_LIFETIME_MS, expireDownloadLink, issueDownloadLink, redeemDownloadLink } from "./downloadLinks";
import type { RecordingDownloadRecord } from "./records";

const issuedAt = new Date("2026-11-16T15:00:00Z");
const later = (ms: number) => new Date(issuedAt.getTime() + ms);

describe("download links", () => {
  it("records who asked for which recording under which name, and when", () => {
    const downloads: RecordingDownloadRecord[] = [];
    const link = issueDownloadLink(downloads, { recordingId: 7, title: "call.mp3", userId: 2, sessionToken: "s" }, issuedAt);

    expect(downloads).toEqual([link]);
    expect(link).toMatchObject({ recordingId: 7, title: "call.mp3", userId: 2, issuedAt: "2026-11-16T15:00:00.000Z" });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("gives every link its own token", () => {
    const downloads: RecordingDownloadRecord[] = [];
    const first = issueDownloadLink(downloads, { recordingId: 7, title: "a.mp3", userId: 2, sessionToken: "s" }, issuedAt);
    const second = issueDownloadLink(downloads, { recordingId: 7, title: "a.mp3", userId: 2, sessionToken: "s" }, issuedAt);

    expect(second.token).not.toBe(first.token);
  });

  it("is valid for 5 minutes, then refused", () => {
    const downloads: RecordingDownloadRecord[] = [];
    const link = issueDownloadLink(downloads, { recordingId: 7, title: "call.mp3", userId: 2, sessionToken: "s" }, issuedAt);

    expect(redeemDownloadLink(downloads, link.token, later(DOWNLOAD_LINK_LIFETIME_MS - 1))).toBe(link);
    expect(redeemDownloadLink(downloads, link.token, later(DOWNLOAD_LINK_LIFETIME_MS))).toBeUndefined();
  });

  it("refuses an unknown token and one expired by the test hook", () => {
    const downloads: RecordingDownloadRecord[] = [];
    const link = issueDownloadLink(downloads, { recordingId: 7, title: "call.mp3", userId: 2, sessionToken: "s" }, issuedAt);

    expect(redeemDownloadLink(downloads, "not-issued", issuedAt)).toBeUndefined();
    expireDownloadLink(downloads, link.token);
    expect(redeemDownloadLink(downloads, link.token, issuedAt)).toBeUndefined();
  });
});
