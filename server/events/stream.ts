// One open event stream (text/event-stream, openapi.yaml `openEventStream`): the reconnection hint,
// then every event the relay hands it, and a keep-alive comment every 25 seconds, with which the
// session is checked again. It ends when the client leaves, the session ends, the client reads too
// slowly (its events would pile up in memory), or the instance stops.
import { PassThrough } from "node:stream";
import { KEEP_ALIVE_MS, STREAM_FRAMES } from "../../domain/team/events.ts";
import type { EventRelay } from "./relay.ts";

/** Unsent events beyond this mean a client that stopped reading: it is let go, and will resync. */
const MAX_BUFFERED_BYTES = 1_000_000;

export interface StreamOptions {
  relay: EventRelay;
  userId: number;
  sessionId: string;
  /** An administrator's stream also carries the live board's events. */
  isAdmin?: boolean;
  /** Whether the stream's session is still live; false ends the stream. */
  sessionLive: () => Promise<boolean>;
  keepAliveMs?: number;
}

export function openStream({ relay, userId, sessionId, isAdmin = false, sessionLive, keepAliveMs = KEEP_ALIVE_MS }: StreamOptions): { stream: PassThrough; end: () => void } {
  const stream = new PassThrough();
  let ended = false;
  const write = (text: string) => {
    if (ended) return;
    if (stream.writableLength > MAX_BUFFERED_BYTES) return end();
    stream.write(text);
  };
  const unsubscribe = relay.subscribe({ userId, sessionId, isAdmin, send: (event) => write(STREAM_FRAMES.event(event)), end: () => end() });
  const keepAlive = setInterval(() => {
    write(STREAM_FRAMES.keepAlive);
    sessionLive().then(
      (live) => live || end(),
      () => {}, // the database is out of reach: the relay ends the stream if it stays so
    );
  }, keepAliveMs);
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    unsubscribe();
    stream.end();
  }
  stream.on("close", end);
  write(STREAM_FRAMES.retry);
  return { stream, end };
}
