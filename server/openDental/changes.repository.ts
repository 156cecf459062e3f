// The rows of the Open Dental database changed since a position, in the order of their change
// stamps: `DateTStamp` (MariaDB moves it on every insert and update of appointment, patient and
// procedurelog) and histappointment's `HistDateTStamp` (written once, when the history row is
// made). Rows sharing a stamp (one second) are told apart by their key, so a page ends anywhere and
// the next one starts after it: (stamp, key) > (position), stamp <= `until` (the source's clock at
// the run's start; what changes later is the next run's). Each read is a range of the stamp's
// index (Open Dental's tables carry one on DateTStamp), never the whole table.
import type { Connection, RowDataPacket } from "mysql2/promise";
import { HIST_REASON, TX_PRIORITIES_CATEGORY, type SourceAppointment, type SourceHistory, type SourcePatient, type SourceProcedure } from "./sourceRows.ts";

/** Where a table was read up to: the last row's stamp (the source's wall clock) and key. */
export interface Position {
  stamp: string;
  key: string;
}

/** Before any row: a table never read is read from its start. */
export const START: Position = { stamp: "0001-01-01 00:00:00", key: "0" };

interface ChangeQuery {
  stamp: string;
  key: string;
  /** SELECT … FROM … (joins), with the columns the records need, the stamp as `stamp`, the key as `sourceKey`. */
  select: string;
  /** More conditions on the rows (constant SQL). */
  where?: string;
}

export type ChangedTable = "appointment" | "histappointment" | "patient" | "procedurelog";

const QUERIES: Record<ChangedTable, ChangeQuery> = {
  appointment: {
    stamp: "a.DateTStamp",
    key: "a.AptNum",
    select: `SELECT a.AptNum AS aptNum, a.PatNum AS patNum, a.AptStatus AS aptStatus, a.AptDateTime AS aptDateTime,
      a.IsNewPatient AS isNewPatient, a.ClinicNum AS clinicNum, a.DateTStamp AS stamp, a.AptNum AS sourceKey FROM appointment a`,
  },
  histappointment: {
    stamp: "h.HistDateTStamp",
    key: "h.HistApptNum",
    select: `SELECT h.HistApptNum AS histApptNum, h.HistApptAction AS action, h.AptNum AS aptNum, h.PatNum AS patNum,
      h.AptDateTime AS aptDateTime, h.ClinicNum AS clinicNum, h.HistDateTStamp AS stamp, h.HistApptNum AS sourceKey,
      u.UserName AS userName, p.FName AS fName, p.LName AS lName
      FROM histappointment h LEFT JOIN userod u ON u.UserNum = h.HistUserNum LEFT JOIN patient p ON p.PatNum = h.PatNum`,
    where: `h.HistApptAction IN (${Object.keys(HIST_REASON).join(", ")})`,
  },
  patient: {
    stamp: "p.DateTStamp",
    key: "p.PatNum",
    select: `SELECT p.PatNum AS patNum, p.PatStatus AS patStatus, p.DateFirstVisit AS dateFirstVisit, p.ClinicNum AS clinicNum,
      p.DateTStamp AS stamp, p.PatNum AS sourceKey FROM patient p`,
  },
  procedurelog: {
    stamp: "pl.DateTStamp",
    key: "pl.ProcNum",
    select: `SELECT pl.ProcNum AS procNum, pl.PatNum AS patNum, pl.ProcStatus AS procStatus, d.ItemOrder AS itemOrder,
      pl.ClinicNum AS clinicNum, pl.DateTStamp AS stamp, pl.ProcNum AS sourceKey
      FROM procedurelog pl LEFT JOIN definition d ON d.DefNum = pl.Priority AND d.Category = ${TX_PRIORITIES_CATEGORY}`,
  },
};

export interface SourceRows {
  appointment: SourceAppointment;
  histappointment: SourceHistory;
  patient: SourcePatient;
  procedurelog: SourceProcedure;
}

export type Changed<Table extends ChangedTable> = SourceRows[Table] & { sourceKey: string };

/** Up to `limit` rows of a table changed after `after` and up to `until`, oldest first. */
export async function readChanged<Table extends ChangedTable>(
  connection: Connection,
  table: Table,
  after: Position,
  until: string,
  limit: number,
): Promise<Changed<Table>[]> {
  const { stamp, key, select, where } = QUERIES[table];
  const sql = `${select}
    WHERE (${stamp} > ? OR (${stamp} = ? AND ${key} > ?)) AND ${stamp} <= ?${where ? ` AND ${where}` : ""}
    ORDER BY ${stamp}, ${key} LIMIT ?`;
  const [rows] = await connection.query<RowDataPacket[]>(sql, [after.stamp, after.stamp, after.key, until, limit]);
  return rows as Changed<Table>[];
}

/** Where a page of rows leaves the table's reading. */
export const positionAfter = (rows: { stamp: string; sourceKey: string }[]): Position => ({ stamp: rows.at(-1)!.stamp, key: rows.at(-1)!.sourceKey });
