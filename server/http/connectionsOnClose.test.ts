// @vitest-environment node
// Stopping the server does not wait on a connection that has sent nothing (a browser's preconnect)
// nor on the keep-alive connection of a request in flight, which still gets its answer.
import { connect, type Socket } from "node:net";
import Fastify from "fastify";
import { expect, it } from "vitest";
import { endConnectionsOnClose } from "./connectionsOnClose.ts";

const closed = (socket: Socket) => new Promise<void>((done) => socket.once("close", () => done()));

it("ends a connection that never sent a request at once, and answers the request in flight", async () => {
  const app = Fastify();
  endConnectionsOnClose(app);
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  let entered!: () => void;
  const inHandler = new Promise<void>((done) => (entered = done));
  app.get("/slow", async () => {
    entered();
    await released;
    return { answered: true };
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = new URL(address);

  const spare = connect(Number(port), "127.0.0.1");
  await new Promise((done) => spare.once("connect", done));
  const inFlight = fetch(`${address}/slow`);
  // The request is in flight only once its handler runs: closing before that would refuse it.
  await inHandler;

  const closing = app.close();
  await closed(spare);
  release();
  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ answered: true });
  // Without the hook, close() would wait here for the spare socket's headers timeout (a minute).
  const outcome = await Promise.race([closing.then(() => "closed"), new Promise((done) => setTimeout(() => done("still waiting"), 5_000))]);
  expect(outcome).toBe("closed");
});
