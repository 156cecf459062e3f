// The server's local administration socket: `npm run user` on the embedded database. PGlite lets
// one process open a data folder, so while the server runs the command cannot open it; it asks the
// server instead, through a Unix socket in the data folder. Only the account that runs the server
// may connect (the socket is made 0600 in a folder it owns): what the file system lets through is
// what the command could have done to the folder itself. One request per connection, one JSON
// line each way: `{"args":["disable","a@b"]}` → `{"ok":true,"message":"…"}`.
import { chmodSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { join, resolve } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export const ADMIN_SOCKET = "admin.sock";

export const adminSocketPath = (dataDir: string) => join(resolve(dataDir), ADMIN_SOCKET);

export interface AdminAnswer {
  ok: boolean;
  message: string;
}

/** What a request runs: a command's arguments in, its answer out (a thrown error is a refusal). */
export type AdminCommand = (db: Kysely<Database>, args: string[]) => Promise<string>;

/** Listens on the data folder's socket (a stale one, left by a server that died, is replaced). */
export async function listenAdminSocket(db: Kysely<Database>, dataDir: string, command: AdminCommand): Promise<Server> {
  const path = adminSocketPath(dataDir);
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", async (chunk: string) => {
      text += chunk;
      if (!text.includes("\n")) return;
      socket.removeAllListeners("data");
      const answer = await answerOf(db, text.slice(0, text.indexOf("\n")), command);
      socket.end(`${JSON.stringify(answer)}\n`);
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((done, fail) => server.once("error", fail).listen(path, () => done()));
  chmodSync(path, 0o600);
  return server;
}

async function answerOf(db: Kysely<Database>, line: string, command: AdminCommand): Promise<AdminAnswer> {
  try {
    const { args } = JSON.parse(line) as { args?: unknown };
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === "string")) return { ok: false, message: "args must be a list of strings" };
    return { ok: true, message: await command(db, args) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Sends one command to the server holding the data folder and answers what it said. */
export function askServer(dataDir: string, args: string[]): Promise<AdminAnswer> {
  return new Promise((done, fail) => {
    const socket = createConnection(adminSocketPath(dataDir));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("end", () => {
      try {
        done(JSON.parse(text) as AdminAnswer);
      } catch {
        fail(new Error(`the server answered no command result: ${text.slice(0, 200)}`));
      }
    });
    socket.on("error", fail);
    socket.write(`${JSON.stringify({ args })}\n`);
  });
}
