// A payer's member file as the file run reads it (fileRun.ts; the columns and rules in README.md):
// its header, every row checked (domain/import/memberFile.ts) and the good ones upserted by
// subscriber id and practice, audited with the file as the action.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { daysExtracted, headerProblem, memberRowReader } from "../../domain/import/memberFile.ts";
import type { MemberRow, RowRules } from "../../domain/import/memberRow.ts";
import { importSummary, JOB_INTEGRATIONS } from "../../domain/jobs.ts";
import { isPglite } from "../jobs/lock.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { inboxRunner, type LayoutOpener } from "./fileJob.ts";
import { FileRefused, type FileLayout, type RowOutcome } from "./fileRun.ts";
import { practicesByAbbr, writeMembers } from "./import.repository.ts";

/**
 * Rows a batch, by engine. On PostgreSQL a row costs the members table's ~53 index entries whatever
 * the batch: 2,000 rows a batch imported no faster than 500 beside the agents, and held the counts
 * rows their saves write for longer. On PGlite 50 rows a batch imported 4 times slower than 500 and
 * left the loop's longest stalls as they were (~0.5 s), so they are not the batch's rows
 * (bench/README.md, "the file streamed as the request's body").
 */
export const MEMBER_BATCH_ROWS = { postgres: 500, pglite: 500 } as const;

export interface MemberFileOptions {
  /** The payer: denta, mcna, uhc or tmhp. */
  brand: string;
  /** Every row belongs to this practice (abbreviation). */
  practice?: string;
  /** When the payer extracted the file (default: the file's modification time). */
  extractedAt?: Date;
  batchSize?: number;
  /** Who the audit log names: an administrator's upload; the command and the inbox job have no user. */
  auditAs?: { userId: number; address: string };
}

export type MemberTally = { inserted: number; updated: number };

/** The layout of one member file, its practices read from the database. */
export async function memberFileLayout(
  db: Kysely<Database>,
  file: { name: string; modifiedAt: Date },
  options: MemberFileOptions,
  now: Date,
): Promise<FileLayout<MemberRow, MemberTally>> {
  const extractedAt = options.extractedAt ?? file.modifiedAt;
  const practices = await practicesByAbbr(db);
  const batchSize = options.batchSize ?? MEMBER_BATCH_ROWS[(await isPglite(db)) ? "pglite" : "postgres"];
  const practice = options.practice ? practices.get(options.practice.toUpperCase()) : undefined;
  if (options.practice && !practice) throw new FileRefused(`unknown practice code '${options.practice}'`);
  const rules: RowRules = { brand: options.brand, practices, practice, extractedOn: extractedAt.toISOString().slice(0, 10) };
  const stamp = { brand: options.brand, extractedAt, daysExtracted: daysExtracted(extractedAt, now) };
  return {
    batchSize,
    // A member's second row in one file is refused: the batches name different members.
    anyOrder: true,
    headerProblem: (header) => headerProblem(file.name, header, practice !== undefined),
    rowReader: () => {
      const read = memberRowReader(rules);
      return (raw): RowOutcome<MemberRow> => {
        const outcome = read(raw);
        return outcome.kind === "member" ? { kind: "row", row: outcome.member } : outcome;
      };
    },
    revive: (record) => record as MemberRow,
    write: async (trx, rows) => {
      const written = await writeMembers(trx, rows, stamp, file.name, options.auditAs);
      return { inserted: written.inserted.length, updated: written.updated.length };
    },
    summary: importSummary,
  };
}

/** How a run reads a member file with these options. */
export const memberFileOpener =
  (options: MemberFileOptions): LayoutOpener =>
  (context, source) =>
    memberFileLayout(context.services.db, source, options, context.now());

/** A payer's files are named after it: DENTA_ELIG_20261116.csv, mcna-members.csv, … */
export const isFileOf = (brand: string, name: string) => new RegExp(`^${brand}[_-].*\\.csv$`, "i").test(name);

/** The scheduled run of a payer's import job: every file of the payer in the inbox. */
export const memberInboxRunner = (brand: string): JobRunner =>
  inboxRunner({
    layoutOf: (name) => (isFileOf(brand, name) ? memberFileOpener({ brand }) : undefined),
    skipped: JOB_INTEGRATIONS[`import-${brand}`]!.skipped,
    nothing: `Nothing to import: no ${brand.toUpperCase()} file in the inbox`,
  });
