// Node's server.close() waits for every connection that is not idle. Two kinds would hold a stop for a
// minute or more: a connection that has sent nothing yet (a browser's preconnect, a client's spare
// socket) waits for its headers timeout, and a keep-alive connection whose request was in flight
// stays open after its answer for the keep-alive timeout. When the app closes, the first are ended at
// once and the second right after their answer; Fastify ends the idle ones itself.
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

export function endConnectionsOnClose(app: FastifyInstance): void {
  const sockets = new Set<Socket>();
  const answering = new Set<Socket>();
  let closing = false;
  app.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  app.server.on("request", (request, response) => {
    const { socket } = request;
    answering.add(socket);
    response.once("close", () => {
      answering.delete(socket);
      if (closing) socket.end();
    });
  });
  app.addHook("preClose", async () => {
    closing = true;
    for (const socket of sockets) if (socket.bytesRead === 0 && !answering.has(socket)) socket.destroy();
  });
}
