// The streams open on this instance, recorded where every instance sees them (the live board's
// Offline is "no open live stream for 60 seconds", whichever instance the stream was on). The
// instance refreshes its open streams every 20 seconds; any instance closes streams nobody
// refreshed for 60 seconds (an instance that crashed), as of when they were last seen. Writes run
// one after another, so a stream's close never overtakes its open.
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { closeInstanceStreams, closeStaleStreams, recordStreamClosed, recordStreamOpened, refreshStreams, type StreamRecord } from "./streams.repository.ts";

/** How often an instance says its open streams are still open. */
export const STREAM_REFRESH_MS = 20_000;
/** A stream no instance refreshed for this long (three refreshes missed) was lost with its instance. */
export const STREAM_STALE_MS = 60_000;

export class StreamPresence {
  readonly #db: Kysely<Database>;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => Date;
  readonly #instanceId = randomUUID();
  readonly #open = new Map<object, StreamRecord>();
  #writes: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;

  constructor(db: Kysely<Database>, log: FastifyBaseLogger, now: () => Date) {
    this.#db = db;
    this.#log = log;
    this.#now = now;
  }

  #write(what: string, write: () => Promise<void>): void {
    this.#writes = this.#writes.then(write).catch((error: unknown) => this.#log.warn({ err: error }, `the live board could not record ${what}`));
  }

  start(): void {
    this.#timer = setInterval(() => {
      this.#write("that streams are open", () => refreshStreams(this.#db, this.#instanceId, this.#now()));
      this.#write("lost streams", () => closeStaleStreams(this.#db, this.#now(), STREAM_STALE_MS));
    }, STREAM_REFRESH_MS);
    this.#timer.unref();
  }

  opened(stream: object, owner: { userId: number; sessionId: string }): void {
    const record = { id: randomUUID(), instanceId: this.#instanceId, ...owner };
    this.#open.set(stream, record);
    this.#write("an opened stream", () => recordStreamOpened(this.#db, record, this.#now()));
  }

  closed(stream: object): void {
    const record = this.#open.get(stream);
    if (!record) return;
    this.#open.delete(stream);
    this.#write("a closed stream", () => recordStreamClosed(this.#db, record, this.#now()));
  }

  /** Closes the instance's streams and waits for every write (the instance stops). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#open.clear();
    this.#write("the streams of a stopping instance", () => closeInstanceStreams(this.#db, this.#instanceId, this.#now()));
    await this.#writes;
  }
}
