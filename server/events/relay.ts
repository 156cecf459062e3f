// The event relay of one server instance: it LISTENs on the database's events channel through one
// dedicated connection and hands every committed change to the streams open on this instance, so
// a change made through any instance reaches every open members list. When the connection drops,
// the open streams are ended (their clients reconnect and reload what they show, since events of
// the gap are lost) and the relay listens again, with backoff; meanwhile it refuses new streams.
// It also keeps the rows of its open streams (the limit per user counts them on every instance):
// marked seen together every KEEP_ALIVE_MS, removed as each stream ends. An agent whose live board
// row changed is read back for the administrators' streams, the agents of a quarter second at once
// (the board's promise is 2 seconds). The streams open here are also recorded, with when they
// closed, for the board's Offline (presence.ts).
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import type { Database } from "../db/database.ts";
import type { Notifications } from "../db/notifications.ts";
import { agentEvent, campaignEventFor, forAdministratorsOnly, KEEP_ALIVE_MS, type StreamedEvent } from "../../domain/team/events.ts";
import { closeStreamRow, eventsChannel, markStreamsSeen, memberEventNow, type Notice } from "./events.repository.ts";
import { StreamPresence } from "./presence.ts";
import { forgetEmptyHoppers } from "../queue/emptyHoppers.ts";

/** An open stream: its row, whose it is (user and session), how to send it an event, and how to end it. */
export interface Subscriber {
  streamId: string;
  userId: number;
  sessionId: string;
  /** Administrators' streams also carry the live board's events; it follows the user's rights as they change. */
  isAdmin: boolean;
  send: (event: StreamedEvent) => void;
  end: () => void;
}

export interface RelayOptions {
  /** The live board rows of these agents now (those not on the board are left out). */
  readAgents: (userIds: number[]) => Promise<components["schemas"]["BoardAgent"][]>;
  /** A campaign as it is now (undefined when there is no such campaign). */
  readCampaign: (id: number) => Promise<components["schemas"]["Campaign"] | undefined>;
  now: () => Date;
}

/** How long agents' changes are gathered before their rows are read back once. */
const AGENT_READ_DELAY_MS = 250;

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
  readonly #seen: NodeJS.Timeout;
  /** Rows of ended streams being removed; a stopping instance waits for them. */
  readonly #closing = new Set<Promise<void>>();
  readonly #readAgents: RelayOptions["readAgents"];
  readonly #readCampaign: RelayOptions["readCampaign"];
  readonly #presence: StreamPresence;
  readonly #agentsChanged = new Set<number>();
  #agentRead: NodeJS.Timeout | undefined;
  #agentsReading: Promise<void> = Promise.resolve();

  constructor(db: Kysely<Database>, notifications: Notifications, log: FastifyBaseLogger, options: RelayOptions) {
    this.#db = db;
    this.#notifications = notifications;
    this.#log = log;
    // A failed mark is retried at the next; a database out of reach is the LISTEN connection's to report.
    this.#seen = setInterval(() => void markStreamsSeen(this.#db, [...this.#subscribers].map((subscriber) => subscriber.streamId), new Date()).catch(() => {}), KEEP_ALIVE_MS);
    this.#seen.unref();
    this.#readAgents = options.readAgents;
    this.#readCampaign = options.readCampaign;
    this.#presence = new StreamPresence(db, log, options.now);
  }

  /** Whether committed changes reach this instance's streams now. */
  get listening(): boolean {
    return this.#stop !== undefined;
  }

  async start(): Promise<void> {
    this.#channel = await eventsChannel(this.#db);
    await this.#listen();
    this.#presence.start();
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
        // A member's change, a claim let go, a callback, a status or a campaign's change may make
        // someone eligible for Next again; a claim taken never does (agents served at once would
        // forget at every Next).
        const claimTaken = "event" in notice && notice.event === "claim" && notice.data.claim !== null;
        if (("event" in notice && !claimTaken) || "campaignChanged" in notice) forgetEmptyHoppers(this.#db);
        if ("sessionEnded" in notice) {
          for (const subscriber of [...this.#subscribers]) if (subscriber.sessionId === notice.sessionEnded) subscriber.end();
          return;
        }
        if ("agentChanged" in notice) return this.agentChanged(notice.agentChanged);
        if ("campaignChanged" in notice) return await this.#campaignChanged(notice.campaignChanged, notice.agentsBefore);
        if ("rightsChanged" in notice) {
          for (const subscriber of this.#subscribers) if (subscriber.userId === notice.rightsChanged) subscriber.isAdmin = notice.isAdmin;
          return;
        }
        const event = "data" in notice ? notice : await memberEventNow(this.#db, notice.memberId);
        if (event) this.#send(event);
      } catch (error) {
        this.#log.error({ err: error }, "an event could not be relayed");
      }
    });
  }

  /**
   * Hands an event to this instance's streams only: one that every instance finds by itself (a
   * callback coming due), after the events already on their way.
   */
  deliver(event: StreamedEvent): void {
    this.#delivering = this.#delivering.then(() => {
      this.#send(event);
    });
  }

  #send(event: StreamedEvent): void {
    const adminsOnly = forAdministratorsOnly(event);
    for (const subscriber of this.#subscribers) if (subscriber.isAdmin || !adminsOnly) subscriber.send(event);
  }

  /** Reads the campaign back and sends each stream the `campaign` event its user may read, if any. */
  async #campaignChanged(id: number, agentsBefore: readonly number[]): Promise<void> {
    if (this.#subscribers.size === 0) return;
    const campaign = await this.#readCampaign(id);
    if (!campaign) return;
    for (const subscriber of this.#subscribers) {
      const event = campaignEventFor(subscriber, campaign, agentsBefore);
      if (event) subscriber.send(event);
    }
  }

  /** Whether an administrator's stream (a live board) is open on this instance. */
  watchedByAdministrators(): boolean {
    return [...this.#subscribers].some((subscriber) => subscriber.isAdmin);
  }

  /** Reads the agent's board row back for this instance's administrators' streams (gathered a quarter second). */
  agentChanged(userId: number): void {
    if (!this.watchedByAdministrators()) return;
    this.#agentsChanged.add(userId);
    this.#agentRead ??= setTimeout(() => {
      this.#agentRead = undefined;
      const userIds = [...this.#agentsChanged];
      this.#agentsChanged.clear();
      this.#agentsReading = this.#agentsReading.then(async () => {
        try {
          for (const agent of await this.#readAgents(userIds)) this.#send(agentEvent(agent));
        } catch (error) {
          this.#log.error({ err: error }, "live board rows could not be relayed");
        }
      });
    }, AGENT_READ_DELAY_MS);
  }

  /** Adds an open stream (its row written); the returned function removes it and its row. */
  subscribe(subscriber: Subscriber): () => void {
    this.#subscribers.add(subscriber);
    this.#presence.opened(subscriber, subscriber);
    return () => {
      if (!this.#subscribers.delete(subscriber)) return;
      this.#presence.closed(subscriber);
      // A row that cannot be removed now stops counting once it is no longer seen.
      const closing = closeStreamRow(this.#db, subscriber.streamId).catch(() => {});
      this.#closing.add(closing);
      void closing.finally(() => this.#closing.delete(closing));
    };
  }

  #endAll(): void {
    for (const subscriber of [...this.#subscribers]) subscriber.end();
  }

  /** Ends every open stream and stops listening (the instance shuts down). */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#seen);
    clearTimeout(this.#agentRead);
    this.#endAll();
    await this.#presence.stop();
    const stop = this.#stop;
    this.#stop = undefined;
    await stop?.();
    await this.#delivering;
    await Promise.all(this.#closing);
    await this.#agentsReading;
  }
}
