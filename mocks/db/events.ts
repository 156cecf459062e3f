// Live events of the fake backend (domain/team/events.ts): the open streams of the session's
// handlers, which every change is handed to as it is made (the fake backend has one process and
// nothing to roll back), and the tickets that open them. Tickets and sessions run on the real clock.
import { EVENT_STREAMS_PER_USER, ticketAllowance, ticketExpiry, type LiveEvent } from "../../domain/team/events.ts";

/** An open stream: whose it is (user and session), how to send it an event, and how to end it. */
export interface StreamSubscriber {
  userId: number;
  sessionToken: string;
  send: (event: LiveEvent) => void;
  end: () => void;
}

/** Not a Map or Set of the database: the browser's persistence (mocks/persistence.ts) leaves it out. */
export class MockEventBus {
  readonly #subscribers = new Set<StreamSubscriber>();

  publish(event: LiveEvent): void {
    for (const subscriber of [...this.#subscribers]) subscriber.send(event);
  }

  /** Whether any stream is open. */
  get listening(): boolean {
    return this.#subscribers.size > 0;
  }

  subscribe(subscriber: StreamSubscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  /** Whether the user may open one more stream. */
  mayOpen(userId: number): boolean {
    return [...this.#subscribers].filter((subscriber) => subscriber.userId === userId).length < EVENT_STREAMS_PER_USER;
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
