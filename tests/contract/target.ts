// The backend under test. The suite speaks HTTP to `baseUrl` only; what HTTP cannot do (end a
// session as an idle timeout would, let a download link's 5 minutes pass) are hooks each target
// provides.
//   CONTRACT_TARGET=mock   (default) the fake backend's handlers on a local HTTP host
//   CONTRACT_TARGET=server the real server (arrives with "Real backend, part 1")
import { startMockHost } from "../../mocks/host";

export interface Target {
  baseUrl: string;
  expireSession: (token: string) => Promise<void>;
  /** Ends a signed call-recording link (the token of `/call-recordings/file/{token}`) as its 5 minutes would. */
  expireDownloadLink: (token: string) => Promise<void>;
  /** The messages the backend has sent (or queued) so far, oldest first. */
  sentMail: () => Promise<{ to: string; subject: string }[]>;
  close: () => Promise<void>;
}

/** A fresh backend with its own data for one test file: no file depends on another's writes. */
export async function startTarget(): Promise<Target> {
  const kind = process.env.CONTRACT_TARGET ?? "mock";
  if (kind === "mock") {
    const host = await startMockHost({ size: 1500 });
    const { expireSession } = await import("../../mocks/db/sessions");
    const { expireDownloadLink } = await import("../../mocks/db/downloadLinks");
    return {
      baseUrl: host.baseUrl,
      expireSession: async (token) => expireSession(host.db.sessions, token),
      expireDownloadLink: async (token) => expireDownloadLink(host.db.recordingDownloads, token),
      sentMail: async () => host.db.outbox.map(({ to, subject }) => ({ to, subject })),
      close: host.close,
    };
  }
  throw new Error(`CONTRACT_TARGET=${kind} is not a target yet (known: mock)`);
}
