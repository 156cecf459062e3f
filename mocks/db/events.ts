// Live events of the fake backend (domain/team/events.ts): the open streams of the session's
// handlers, which every change is handed to as it is made (the fake backend has one process and
// nothing to roll back), and the tickets that open them. Tickets and sessions run on the real clock.
// It also knows who has a stream open, and since when nobody has (the live board's Offline).
import { forAdministratorsOnly, mayOpenStream, ticketAllowance, ticketExpiry, type StreamedEvent } from "../../domain/team/events.ts";

/** An open stream: whose it is (user and session), how to send it an event, and how to end it. */
export interface StreamSubscriber {
  userId: number;
  sessionToken: string;
  /** Administrators' streams also carry the live board's events. */
  isAdmin: boolean;
  send: (event: StreamedEvent) => void;
  end: () => void;
}

/** Whether a user has a stream open, and when their last one was (epoch ms; null: none yet). */
export interface StreamPresence {
  connected: boolean;
  lastConnectedAt: number | null;
}

/** Not a Map or Set of the database: the browser's persistence (mocks/persistence.ts) leaves it out. */
export class MockEventBus {
  readonly #subscribers = new Set<StreamSubscriber>();
  readonly #lastClosedAt = new Map<number, number>();

  publish(event: StreamedEvent): void {
    const adminsOnly = forAdministratorsOnly(event);
    for (const subscriber of [...this.#subscribers]) if (subscriber.isAdmin || !adminsOnly) subscriber.send(event);
  }

  /** Sends each open stream the event its user may receive of a change, if any (a campaign's). */
  publishEach(eventFor: (reader: StreamSubscriber) => StreamedEvent | null): void {
    for (const subscriber of [...this.#subscribers]) {
      const event = eventFor(subscriber);
      if (event) subscriber.send(event);
    }
  }

  /** Whether any stream is open. */
  get listening(): boolean {
    return this.#subscribers.size > 0;
  }

  subscribe(subscriber: StreamSubscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => {
      if (this.#subscribers.delete(subscriber)) this.#lastClosedAt.set(subscriber.userId, Date.now());
    };
  }

  /** Whether any administrator's stream is open (someone may be watching the live board). */
  get watched(): boolean {
    return [...this.#subscribers].some((subscriber) => subscriber.isAdmin);
  }

  presenceOf(userId: number, now = Date.now()): StreamPresence {
    const connected = [...this.#subscribers].some((subscriber) => subscriber.userId === userId);
    return { connected, lastConnectedAt: connected ? now : (this.#lastClosedAt.get(userId) ?? null) };
  }

  /** Whether the user may open one more stream; counted and opened in one turn of the fake backend's one thread. */
  mayOpen(userId: number): boolean {
    return mayOpenStream([...this.#subscribers].filter((subscriber) => subscriber.userId === userId).length);
  }

  /** The user's rights changed: their open streams carry the live board's events, or no longer, from now on. */
  rightsChanged(userId: number, isAdmin: boolean): void {
    for (const subscriber of this.#subscribers) if (subscriber.userId === userId) subscriber.isAdmin = isAdmin;
  }

  /** Ends the streams opened with a session (it signed out). */
  endSession(sessionToken: string): void {
    for (const subscriber of [...this.#subscribers]) if (subscriber.sessionToken === sessionToken) subscriber.end();
  }
}

export interface TicketRecord {
  userId: number;
  sessionToken: string;
  /** Epoch milliseconds. */
  issuedAt: number;
  expiresAt: number;
  used: boolean;
}

/** Tickets by their value; kept a minute after issue, for the tickets-a-minute limit. */
export type TicketStore = Map<string, TicketRecord>;

const TICKET_WINDOW_MS = 60_000;

function randomTicket(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A new ticket of the session, or how long to wait when the user took too many this minute. */
export function issueTicket(tickets: TicketStore, userId: number, sessionToken: string, now = new Date()): { ticket: string; expiresAt: Date } | { retryAfterSeconds: number } {
  for (const [ticket, record] of tickets) if (record.issuedAt <= now.getTime() - TICKET_WINDOW_MS) tickets.delete(ticket);
  const issued = [...tickets.values()].filter((record) => record.userId === userId).map((record) => new Date(record.issuedAt));
  const allowance = ticketAllowance(issued, now);
  if (!allowance.ok) return { retryAfterSeconds: allowance.retryAfterSeconds };
  const ticket = randomTicket();
  const expiresAt = ticketExpiry(now);
  tickets.set(ticket, { userId, sessionToken, issuedAt: now.getTime(), expiresAt: expiresAt.getTime(), used: false });
  return { ticket, expiresAt };
}

/** Uses a ticket: its record, or undefined when it is unknown, used or expired. */
export function redeemTicket(tickets: TicketStore, ticket: string, now = Date.now()): TicketRecord | undefined {
  const record = tickets.get(ticket);
  if (!record || record.used || record.expiresAt <= now) return undefined;
  record.used = true;
  return record;
}

/** Ends a ticket as its 30 seconds would (the contract suite's `expireTicket`). */
export function expireTicket(tickets: TicketStore, ticket: string, now = Date.now()): void {
  const record = tickets.get(ticket);
  if (record) record.expiresAt = now - 1000;
}
