// A request whose database connection broke under it: a pooler or the server restarted, a network
// dropped. A read is simply asked again once (a connection is made anew); a write is not, since
// whether its commit landed cannot be known, and it is answered 503 instead of a 500 that blames
// the server's code. What the pooler or PostgreSQL say when they end a session: class 08
// (connection exception) and 57P01-57P03 (shut down, crashed, cannot connect now); what
// node-postgres says when the socket closes under a query or a transaction's rollback.
const LOST_CODES = /^(08...|57P0[123])$/;
const LOST_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "server conn crashed",
];
/** Long enough for the close events of sockets cut together to be handled, short beside a request. */
const SOCKETS_SETTLE_MS = 50;
const LOST_SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT"]);

export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (LOST_CODES.test(code) || LOST_SOCKET_CODES.has(code))) return true;
  return LOST_MESSAGES.some((message) => error.message.includes(message));
}

/** Runs a read, and once more if its connection broke under it the first time (`beforeRetry` first). */
export async function readRetryingOnce<T>(read: () => Promise<T>, canRetry: () => boolean, beforeRetry: () => void = () => {}): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isConnectionLost(error) || !canRetry()) throw error;
    beforeRetry();
    // The pool's idle connections were most likely cut at the same moment: let the events of their
    // closed sockets arrive, so that the pool drops them before the read asks for one.
    await new Promise((settled) => setTimeout(settled, SOCKETS_SETTLE_MS));
    return read();
  }
}
