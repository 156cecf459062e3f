// The report clients of bench/reportsBusy.ts, in a worker thread of their own (as the queue's and
// the saves' agents): two clients ask the widest reports back to back until told to stop, so that
// reading their answers costs the server's thread nothing the bench then blames on the server.
import { parentPort, workerData } from "node:worker_threads";
import { request, type ReportCall } from "./reportCalls.ts";

export interface ReportClientsInput {
  baseUrl: string;
  token: string;
  calls: ReportCall[];
}

/** Sent once the clients stopped: how many answers they read. */
export interface ReportClientsOutput {
  asked: number;
}

async function runClients({ baseUrl, token, calls }: ReportClientsInput): Promise<ReportClientsOutput> {
  let running = true;
  parentPort!.once("message", () => (running = false));
  let asked = 0;
  const client = async (first: number) => {
    for (let index = first; running; index += 1) {
      await request(baseUrl, token, calls[index % calls.length]!);
      asked += 1;
    }
  };
  await Promise.all([client(0), client(Math.floor(calls.length / 2))]);
  return { asked };
}

if (parentPort && workerData) parentPort.postMessage(await runClients(workerData as ReportClientsInput));
