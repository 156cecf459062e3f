// The event relay of one server instance: it LISTENs on the database's events channel through one
// dedicated connection and hands every committed change to the streams open on this instance, so
// a change made through any instance reaches every open members list. When the connection drops,
// the open streams are ended (their clients reconnect and reload what they show, since events of
// the gap are lost) and the relay listens again, with backoff; meanwhile it refuses new streams.
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { Notifications } from "../db/notifications.ts";
import type { LiveEvent } from "../../domain/team/events.ts";
import { eventsChannel, memberEventNow, type Notice } from "./events.repository.ts";

/** An open stream: whose it is (user and session), how to send it an event, and how to end it. */
export interface Subscriber {
  userId: number;
  sessionId: string;
  send: (event: LiveEvent) => void;
  end: () => void;
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export class EventRelay {
  readonly #db: Kysely<Database>;
  readonly #notifications: Notifications;
  readonly #log: FastifyBaseLogger;
  readonly #subscribers = new Set<Subscriber>();
  #channel = "";
  #stop: (() => Promise<void>) | undefined;
  #retry: NodeJS.Timeout | undefined;
  #failures = 0;
  #closed = false;
  /** Deliveries one after another, so events keep their commit order even when one needs a read. */
  #delivering: Promise<void> = Promise.resolve();

  constructor(db: Kysely<Database>, notifications: Notifications, log: FastifyBaseLogger) {
    this.#db = db;
    this.#notifications = notifications;
    this.#log = log;
  }

  /** Whether committed changes reach this instance's streams now. */
  get listening(): boolean {
    return this.#stop !== undefined;
  }

  async start(): Promise<void> {
    this.#channel = await eventsChannel(this.#db);
    await this.#listen();
  }

  async #listen(): Promise<void> {
    this.#stop = await this.#notifications.listen(this.#channel, (payload) => this.#receive(payload), (error) => this.#lost(error));
    this.#failures = 0;
  }

  #lost(error: Error): void {
    this.#stop = undefined;
    if (this.#closed) return;
    this.#log.warn({ err: error }, "the event relay lost its database connection: open event streams end, listening again");
    this.#endAll();
    this.#listenLater();
  }

  #listenLater(): void {
    const delay = RETRY_MS[Math.min(this.#failures, RETRY_MS.length - 1)]!;
    this.#failures += 1;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      if (this.#closed) return;
      this.#listen().catch((error: unknown) => {
        this.#log.warn({ err: error }, "the event relay cannot listen yet");
        this.#listenLater();
      });
    }, delay);
  }

  #receive(payload: string): void {
    this.#delivering = this.#delivering.then(async () => {
      try {
        const notice = JSON.parse(payload) as Notice;
        if ("sessionEnded" in notice) {
          for (const subscriber of [...this.#subscribers]) if (subscriber.sessionId === notice.sessionEnded) subscriber.end();
          return;
        }
        const event = "data" in notice ? notice : await memberEventNow(this.#db, notice.memberId);
        if (event) for (const subscriber of this.#subscribers) subscriber.send(event);
      } catch (error) {
        this.#log.error({ err: error }, "an event could not be relayed");
      }
    });
  }

  /**
   * Hands an event to this instance's streams only: one that every instance finds by itself (a
   * callback coming due), after the events already on their way.
   */
  deliver(event: LiveEvent): void {
    this.#delivering = this.#delivering.then(() => {
      for (const subscriber of this.#subscribers) subscriber.send(event);
    });
  }

  /** Adds an open stream; the returned function removes it. */
  subscribe(subscriber: Subscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  /** How many streams the user holds open on this instance. */
  streamsOf(userId: number): number {
    let count = 0;
    for (const subscriber of this.#subscribers) if (subscriber.userId === userId) count += 1;
    return count;
  }

  #endAll(): void {
    for (const subscriber of [...this.#subscribers]) subscriber.end();
  }

  /** Ends every open stream and stops listening (the instance shuts down). */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    this.#endAll();
    const stop = this.#stop;
    this.#stop = undefined;
    await stop?.();
    await this.#delivering;
  }
}
