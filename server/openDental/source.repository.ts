// The Open Dental database the connector reads (MySQL or MariaDB, through mysql2): opened with a
// user that may only read, checked for the tables and columns the connector reads, and its own
// clock. Every failure is one line saying what is wrong and where (host:port/database), never the
// password.
import mysql, { type Connection, type RowDataPacket } from "mysql2/promise";

/** What the connector reads of each table: Open Dental's own column names (its schema documentation). */
export const READ_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  appointment: ["AptNum", "PatNum", "AptStatus", "AptDateTime", "IsNewPatient", "ClinicNum", "DateTStamp"],
  histappointment: ["HistApptNum", "HistUserNum", "HistDateTStamp", "HistApptAction", "AptNum", "PatNum", "AptDateTime", "ClinicNum"],
  patient: ["PatNum", "LName", "FName", "PatStatus", "DateFirstVisit", "ClinicNum", "DateTStamp"],
  procedurelog: ["ProcNum", "PatNum", "Priority", "ProcStatus", "ClinicNum", "DateTStamp"],
  definition: ["DefNum", "Category", "ItemOrder", "ItemName"],
  userod: ["UserNum", "UserName"],
};

export class SourceError extends Error {}

/** Where the database is, as the connector's messages name it: host:port/database of its URL. */
export function sourceName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "3306"}${parsed.pathname}`;
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ECONNRESET"]);
const LOST = new Set(["PROTOCOL_CONNECTION_LOST", "ECONNRESET", "EPIPE", "ER_SERVER_SHUTDOWN", "ER_CONNECTION_KILLED"]);

/** The one line a failure of the source is told as. */
export function describeSourceError(error: unknown, where: string): string {
  if (error instanceof SourceError) return error.message;
  const { code, message } = error as { code?: string; message?: string };
  if (code && LOST.has(code)) return `the connection to the Open Dental database ${where} was lost (${code}); the next run goes on from where this one stopped`;
  if (code === "ER_ACCESS_DENIED_ERROR" || code === "ER_DBACCESS_DENIED_ERROR") return `the Open Dental database ${where} refused the user (${code})`;
  if (code === "ER_BAD_DB_ERROR") return `the Open Dental database ${where} does not exist`;
  // Not the source's: this server's own (its database), told as it is.
  if (!code || (error as { sqlMessage?: string }).sqlMessage === undefined) return message ?? String(error);
  return `the Open Dental database ${where} answered ${code}: ${message}`;
}

export async function openSource(url: string): Promise<Connection> {
  const where = sourceName(url);
  try {
    // dateStrings: stamps stay text in the source's own clock (Open Dental writes its local time
    // without an offset); JavaScript dates would read them in this server's zone.
    return await mysql.createConnection({ uri: url, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true, connectTimeout: 10_000 });
  } catch (error) {
    const { code } = error as { code?: string };
    if (code && UNREACHABLE.has(code)) throw new SourceError(`the Open Dental database ${where} does not answer (${code})`);
    throw new SourceError(describeSourceError(error, where));
  }
}

/** The rights a reader may have: anything else could change the practice's data. */
const READ_RIGHTS = new Set(["USAGE", "SELECT", "SHOW VIEW", "SHOW DATABASES", "PROCESS", "REPLICATION CLIENT", "BINLOG MONITOR", "SLAVE MONITOR", "REPLICA MONITOR"]);

/** The rights beyond reading among the user's grants (SHOW GRANTS lines); empty: read-only. */
export function writeRightsOf(grants: string[]): string[] {
  const found = new Set<string>();
  for (const grant of grants) {
    const privileges = /^GRANT (.+?) ON /i.exec(grant)?.[1];
    if (!privileges) {
      // A role granted to the user (GRANT `role` TO …) carries rights SHOW GRANTS does not list here.
      if (/^GRANT /i.test(grant)) found.add(`a role (${grant.replace(/ TO .*$/i, "").replace(/^GRANT /i, "")})`);
      continue;
    }
    for (const privilege of privileges.split(",").map((entry) => entry.replace(/\(.*\)/, "").trim().toUpperCase())) {
      if (!READ_RIGHTS.has(privilege)) found.add(privilege);
    }
    if (/WITH GRANT OPTION/i.test(grant)) found.add("GRANT OPTION");
  }
  return [...found];
}

/** Refuses a user that could write, and a database without a table or column the connector reads. */
export async function checkSource(connection: Connection, where: string): Promise<void> {
  const [grants] = await connection.query<RowDataPacket[]>({ sql: "SHOW GRANTS FOR CURRENT_USER()", rowsAsArray: true });
  const writes = writeRightsOf(grants.map((row) => String(row[0])));
  if (writes.length > 0) {
    throw new SourceError(`the Open Dental user of ${where} can write (${writes.join(", ")}): the connector needs a user with SELECT only`);
  }
  const [columns] = await connection.query<RowDataPacket[]>(
    "SELECT TABLE_NAME AS tableName, COLUMN_NAME AS columnName FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?)",
    [Object.keys(READ_COLUMNS)],
  );
  const present = new Set(columns.map((row) => `${String(row.tableName).toLowerCase()}.${String(row.columnName).toLowerCase()}`));
  for (const [table, names] of Object.entries(READ_COLUMNS)) {
    if (!names.some((name) => present.has(`${table}.${name.toLowerCase()}`))) throw new SourceError(`the Open Dental database ${where} has no table ${table}`);
    const missing = names.filter((name) => !present.has(`${table}.${name.toLowerCase()}`));
    if (missing.length > 0) throw new SourceError(`the Open Dental database ${where} has no column ${missing.map((name) => `${table}.${name}`).join(", ")}`);
  }
}

/** The source's own clock now, and `overlapSeconds` before it: text, as its stamps are written. */
export async function sourceClock(connection: Connection, overlapSeconds: number): Promise<{ now: string; resumeAt: string }> {
  const [rows] = await connection.query<RowDataPacket[]>("SELECT NOW() AS now, NOW() - INTERVAL ? SECOND AS resumeAt", [overlapSeconds]);
  return { now: String(rows[0]!.now), resumeAt: String(rows[0]!.resumeAt) };
}

/**
 * The database as its server names it (its host name, port and the database): the key of the
 * connector's positions, the same whatever address or route reaches it.
 */
export async function sourceIdentity(connection: Connection): Promise<string> {
  const [rows] = await connection.query<RowDataPacket[]>("SELECT CONCAT(@@hostname, ':', @@port, '/', DATABASE()) AS identity");
  return String(rows[0]!.identity);
}
