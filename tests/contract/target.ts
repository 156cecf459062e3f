// The backend under test. The suite speaks HTTP to `baseUrl` only; the one thing HTTP cannot do
// (end a session as an idle timeout would) is a hook each target provides.
//   CONTRACT_TARGET=mock   (default) the fake backend's handlers on a local HTTP host
//   CONTRACT_TARGET=server the real server (arrives with "Real backend, part 1")
import { startMockHost } from "../../mocks/host";

export interface Target {
  baseUrl: string;
  expireSession: (token: string) => Promise<void>;
  close: () => Promise<void>;
}

/** A fresh backend with its own data for one test file: no file depends on another's writes. */
export async function startTarget(): Promise<Target> {
  const kind = process.env.CONTRACT_TARGET ?? "mock";
  if (kind === "mock") {
    const host = await startMockHost({ size: 1500 });
    const { expireSession } = await import("../../mocks/db/sessions");
    return {
      baseUrl: host.baseUrl,
      expireSession: async (token) => expireSession(host.db.sessions, token),
      close: host.close,
    };
  }
  throw new Error(`CONTRACT_TARGET=${kind} is not a target yet (known: mock)`);
}
