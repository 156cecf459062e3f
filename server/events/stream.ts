// One open event stream (text/event-stream, openapi.yaml `openEventStream`): the reconnection hint,
// then every event the relay hands it, and a keep-alive comment every 25 seconds, with which the
// session is checked again. It ends when the client leaves, the session ends (signed out or the
// user disabled, through the relay's notice; expired, at the moment it would expire, checked then),
// the client reads too slowly (its events would pile up in memory), or the instance stops.
import { PassThrough } from "node:stream";
import { KEEP_ALIVE_MS, STREAM_FRAMES } from "../../domain/team/events.ts";
import type { EventRelay } from "./relay.ts";

/** Unsent events beyond this mean a client that stopped reading: it is let go, and will resync. */
const MAX_BUFFERED_BYTES = 1_000_000;
/** setTimeout's longest wait; a session's 7 days are checked again by then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface StreamOptions {
  relay: EventRelay;
  /** The stream's row (events.repository.ts openStreamRow), written before it opens. */
  streamId: string;
  userId: number;
  sessionId: string;
  /** When the stream's session ends unless touched before; undefined once it has ended. */
  sessionEndsAt: () => Promise<Date | undefined>;
  /** What ends with the session when the stream finds it ended by itself (sessionEnd.ts). */
  sessionEnded: () => Promise<void>;
  /** An administrator's stream also carries the live board's events. */
  isAdmin?: boolean;
  now: () => Date;
  keepAliveMs?: number;
}

export function openStream(options: StreamOptions): { stream: PassThrough; end: () => void } {
  const { relay, streamId, userId, sessionId, isAdmin = false, sessionEndsAt, sessionEnded, now, keepAliveMs = KEEP_ALIVE_MS } = options;
  const stream = new PassThrough();
  let ended = false;
  let deadline: NodeJS.Timeout | undefined;
  const write = (text: string) => {
    if (ended) return;
    if (stream.writableLength > MAX_BUFFERED_BYTES) return end();
    stream.write(text);
  };
  const unsubscribe = relay.subscribe({ streamId, userId, sessionId, isAdmin, send: (event) => write(STREAM_FRAMES.event(event)), end: () => end() });
  /** Checks the session now, and again when it would end if nobody touched it meanwhile. */
  const checkSession = () => {
    sessionEndsAt().then(
      (endsAt) => {
        if (ended) return;
        if (!endsAt) {
          // Its claims end and its other streams too, on every instance; this one ends now anyway.
          sessionEnded().catch(() => {});
          return end();
        }
        clearTimeout(deadline);
        deadline = setTimeout(checkSession, Math.min(Math.max(0, endsAt.getTime() - now().getTime()), LONGEST_TIMER_MS));
      },
      () => {}, // the database is out of reach: the relay ends the stream if it stays so
    );
  };
  const keepAlive = setInterval(() => {
    write(STREAM_FRAMES.keepAlive);
    checkSession();
  }, keepAliveMs);
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    clearTimeout(deadline);
    unsubscribe();
    stream.end();
  }
  stream.on("close", end);
  write(STREAM_FRAMES.retry);
  checkSession();
  return { stream, end };
}
