// A small client of text/event-stream for the server's tests and the conformance suite, on
// node:http (Node has EventSource only behind a flag, and EventSource hides the status and body of
// a refusal; fetch keeps spare connections that hold a closing server up): it reads the stream as
// it arrives and hands out its events, its retry hint and its comments, and tells when the server
// ended it.
import { get, type IncomingMessage } from "node:http";

export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The JSON body of a refusal (not 200). */
  body: unknown;
  /** The `retry:` hints, comments (keep-alives) and events read so far, in order. */
  received: ({ retry: number } | { comment: string } | StreamEvent)[];
  /** The next event (after those already taken) that `matches`, within `timeoutMs`. */
  next: (matches?: (event: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

/** Opens the stream on a connection of its own, which `close` destroys (the server sees the client leave). */
export async function openEventStream(url: string, accept = "text/event-stream"): Promise<EventStream> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(url, { headers: { accept }, agent: false }, resolve);
    request.on("error", reject);
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) if (typeof value === "string") headers.set(name, value);
  const status = response.statusCode ?? 0;
  const received: EventStream["received"] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  let done = false;
  const notify = () => waiters.forEach((wake) => wake());

  if (status !== 200) {
    let text = "";
    for await (const chunk of response) text += String(chunk);
    return { status, headers, body: text ? JSON.parse(text) : undefined, received, next: () => Promise.reject(new Error("no stream")), ended: Promise.resolve(), close: () => {} };
  }

  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        buffer += decoder.decode(chunk, { stream: true });
        let blank: number;
        while ((blank = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, blank);
          buffer = buffer.slice(blank + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) received.push({ comment: line.slice(1).trim() });
            else if (line.startsWith("retry:")) received.push({ retry: Number(line.slice(6).trim()) });
            else if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
          }
          if (data.length > 0) received.push({ event, data: data.join("\n") });
          notify();
        }
      }
    } catch {
      // closed by this side
    } finally {
      done = true;
      notify();
    }
  })();

  const events = () => received.filter((item): item is StreamEvent => "event" in item);
  async function next(matches: (event: StreamEvent) => boolean = () => true, timeoutMs = 5000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const all = events();
      while (taken < all.length) {
        const event = all[taken++]!;
        if (matches(event)) return event;
      }
      if (done) throw new Error("the stream ended");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  return { status, headers, body: undefined, received, next, ended, close: () => response.destroy() };
}
