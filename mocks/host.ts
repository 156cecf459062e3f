// A small HTTP host for the fake backend's handlers, so that callers which speak real HTTP (the
// conformance suite in tests/contract) reach the mock exactly as they will reach the server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { getResponse } from "msw";
import { createMockDb, type MockDb, type MockDbOptions } from "./db/createMockDb";
import { createHandlers } from "./handlers";

export interface MockHost {
  baseUrl: string;
  db: MockDb;
  close: () => Promise<void>;
}

async function toRequest(incoming: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(new URL(incoming.url ?? "/", origin), { method: incoming.method, headers, body, signal });
}

/**
 * Answers Node HTTP requests with the fake backend's handlers over `db`: the contract host below,
 * and the development server of the e2e `fake-host` target (tests/e2e/vite.e2e.config.ts), where
 * several browsers share one store.
 */
export function mockRequestListener(db: MockDb, origin: () => string) {
  const handlers = createHandlers(db);
  return async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    // The client leaving aborts the request: an event stream's handler stops on it.
    const left = new AbortController();
    outgoing.on("close", () => left.abort());
    const response = (await getResponse(handlers, await toRequest(incoming, origin(), left.signal), { quiet: true })) ?? Response.json(
      { message: `No such call: ${incoming.method} ${incoming.url}`, statusCode: 404 },
      { status: 404 },
    );
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void outgoing.end();
    // Streamed as it comes, not buffered: an event stream never ends by itself.
    Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)
      .on("error", () => outgoing.destroy())
      .pipe(outgoing);
  };
}

export async function startMockHost(options?: MockDbOptions): Promise<MockHost> {
  const db = createMockDb(options);
  let origin = "http://127.0.0.1";
  const server: Server = createServer(mockRequestListener(db, () => origin));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/api`,
    db,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Open event streams would keep the server from closing.
        server.closeAllConnections();
      }),
  };
}
