// A member file from the browser in the fake backend: read whole at once with the import's rules
// (domain/import: the header, each row's line, blank rows, duplicates, every rule of a row), then
// written as the server's upsert writes it: members with the same subscriber id and practice get the
// payer's fields (an empty PatNum keeps theirs), the others are added as New Patient with no result.
// The run is logged in the payer's import job, as the server's would be, and ends at once.
import Papa from "papaparse";
import type { components } from "../../contract/schema";
import { ageOn } from "../../demo/members.ts";
import type { CronRecord, MemberRecord } from "../../demo/records.ts";
import type { RawRow } from "../../domain/import/columns.ts";
import { daysExtracted, memberRowReader, SUMMARY_EXAMPLES, type Rejection } from "../../domain/import/memberFile.ts";
import { REJECTIONS_SHOWN } from "../../domain/import/upload.ts";
import type { MemberRow, PracticeRef } from "../../domain/import/memberRow.ts";
import { importStatus, importSummary } from "../../domain/jobs.ts";
import { FIRST_VERSIONS } from "../../domain/team/versions.ts";
import { BLANK_RESULT } from "../../domain/vocabulary.ts";
import { nextId, type MockDb } from "../db/createMockDb";

type Schemas = components["schemas"];

/** A run of an import from the browser, as getMemberImport answers it. */
export type MemberImportRecord = Schemas["MemberImport"];


export interface MemberFileImport {
  fileName: string;
  content: string;
  brand: Schemas["Brand"];
  practice?: string;
  extractedAt: Date;
}

function writeMember(db: MockDb, row: MemberRow, file: MemberFileImport, practiceAbbr: string): void {
  const days = daysExtracted(file.extractedAt, db.now());
  const fields = {
    company: file.brand,
    MCO: row.mco,
    First_Name: row.firstName,
    Middle_Name: row.middleName,
    Last_Name: row.lastName,
    Address1: row.address1,
    City: row.city,
    State: row.state,
    Phone: row.phone,
    Date_of_Birth: row.dateOfBirth,
    Age: ageOn(new Date(`${row.dateOfBirth}T00:00:00Z`), db.now()),
    Days_Extracted: days,
  };
  const matches = db.members.filter((member) => member.Subscriber_ID === row.subscriberId && member.practiceId === row.practiceId);
  for (const member of matches) Object.assign(member, fields, row.patNum ? { PatNum: row.patNum } : {});
  if (matches.length > 0) return;
  const added: MemberRecord = {
    id: nextId(db.members),
    dentistId: 0,
    Subscriber_ID: row.subscriberId,
    PatNum: row.patNum,
    Practice: practiceAbbr,
    practiceId: row.practiceId,
    ...fields,
    notes: null,
    notestimestamp: null,
    Status: "New Patient",
    Result: BLANK_RESULT,
    LastVisit: null,
    NextApt: null,
    entryTime: file.extractedAt.toISOString(),
    ...FIRST_VERSIONS,
  };
  db.members.push(added);
}

/** Imports the file, logs the run in the payer's job and answers it; the caller checked the upload whole first. */
export function importMemberFile(db: MockDb, cron: CronRecord, file: MemberFileImport, runId: number): MemberImportRecord {
  const practices = new Map<string, PracticeRef>(db.practices.map((p) => [p.practiceabbr.toUpperCase(), { id: p.id, abbr: p.practiceabbr, brands: [...p.brands] }]));
  const practice = file.practice ? practices.get(file.practice.toUpperCase()) : undefined;
  const readRow = memberRowReader({ brand: file.brand, practices, practice, extractedOn: file.extractedAt.toISOString().slice(0, 10) });
  const rows = Papa.parse<RawRow>(file.content, { header: true, transformHeader: (column) => column.trim() }).data;
  const rejections: Rejection[] = [];
  let rowsRead = 0;
  let rowsWritten = 0;
  for (const raw of rows) {
    const outcome = readRow(raw);
    if (outcome.kind === "blank") continue;
    rowsRead += 1;
    if (outcome.kind === "rejected") rejections.push(outcome.rejection);
    else {
      writeMember(db, outcome.member, file, db.practices.find((p) => p.id === outcome.member.practiceId)!.practiceabbr);
      rowsWritten += 1;
    }
  }
  db.membersRevision += 1;
  const now = db.now().toISOString();
  const message = importSummary({ file: file.fileName, rowsWritten, rowsRejected: rejections.length, examples: rejections.slice(0, SUMMARY_EXAMPLES) });
  const status = importStatus({ rowsWritten });
  cron.logs.unshift({ id: runId, startTime: now, endTime: now, status, message });
  const bytes = new TextEncoder().encode(file.content).length;
  const run: MemberImportRecord = {
    id: runId,
    status,
    file: file.fileName,
    brand: file.brand,
    startedAt: now,
    endedAt: now,
    message,
    bytesRead: bytes,
    bytesTotal: bytes,
    rowsRead,
    rowsWritten,
    rowsRejected: rejections.length,
    rejections: rejections.sort((a, b) => a.line - b.line).slice(0, REJECTIONS_SHOWN),
  };
  db.memberImports.set(runId, run);
  return run;
}
