// The writers of a file's batches (fileRun.ts): each takes the run's next batch kept in
// import_batches, writes it through the layout and counts its rows written, all in one
// transaction, until the file is read and no batch is left. Several work side by side on
// PostgreSQL, where a member file's batches touch different members; one on PGlite (one
// connection) and for a feed, whose rows may name one source row twice and must keep the file's order.
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { countWritten, takeBatch } from "./importBatches.repository.ts";

export interface BatchWriting {
  /** A batch was kept: an idle writer looks again. */
  kept: () => void;
  /** The file is read: writers end once no batch is left. */
  read: () => void;
  /** Writers finish the batch in hand and end. */
  stop: () => void;
  /** Resolves when every writer has ended; rejects with the first writer's error. */
  done: Promise<void>;
  /** The first writer's error, for the reader to stop on. */
  failure: () => unknown;
}

export interface WrittenBatch<Tally> {
  rows: number;
  tally: Tally;
}

export function startWriters<Row, Tally>(
  db: Kysely<Database>,
  runId: number,
  count: number,
  write: (trx: Kysely<Database>, rows: Row[]) => Promise<Tally>,
  revive: (record: unknown) => Row,
  onWritten: (written: WrittenBatch<Tally>) => void,
  signal?: AbortSignal,
  afterCommit?: () => Promise<void>,
): BatchWriting {
  let keptCount = 0;
  let fileRead = false;
  let stopped = false;
  let error: unknown;
  let idle: (() => void)[] = [];
  const wake = () => {
    const waiting = idle;
    idle = [];
    for (const resume of waiting) resume();
  };

  const writeOne = () =>
    db.transaction().execute(async (trx) => {
      const staged = await takeBatch(trx, runId);
      if (!staged) return undefined;
      const rows = (JSON.parse(staged.records) as unknown[]).map(revive);
      const tally = await write(trx, rows);
      await countWritten(trx, runId, staged.rows);
      return { rows: staged.rows, tally };
    });

  // What follows a batch's commit runs beside the writing of the next batch (on another
  // connection, so the database works on both at once), one at a time and each after its own
  // batch's commit; the writer ends only once the last has ended.
  async function writer(): Promise<void> {
    let following: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        if (stopped || error !== undefined) return;
        signal?.throwIfAborted();
        const seen = keptCount;
        const readBefore = fileRead;
        const written = await writeOne();
        if (written) {
          onWritten(written);
          await following;
          following = afterCommit?.() ?? Promise.resolve();
          // Its failure fails the writer where it is awaited, not as unhandled meanwhile.
          following.catch(() => undefined);
          await nextTurn();
          continue;
        }
        if (readBefore) return;
        // Nothing free: wait for the next batch kept, unless one was kept while looking.
        if (seen === keptCount && !fileRead && !stopped) await new Promise<void>((resume) => idle.push(resume));
      }
    } finally {
      await following;
    }
  }

  const done = Promise.all(
    Array.from({ length: count }, () =>
      writer().catch((failed: unknown) => {
        error ??= failed;
        wake();
      }),
    ),
  ).then(() => {
    if (error !== undefined) throw error;
  });
  // The reader awaits it once the file is read, long after a writer may have failed: not unhandled meanwhile.
  done.catch(() => undefined);
  return {
    kept: () => {
      keptCount += 1;
      wake();
    },
    read: () => {
      fileRead = true;
      wake();
    },
    stop: () => {
      stopped = true;
      wake();
    },
    done,
    failure: () => error,
  };
}
