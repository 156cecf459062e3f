// An Open Dental database on a real MariaDB for the connector's tests and benchmark: the tables the
// connector reads, with the columns Open Dental's schema documents for them (types as Open Dental
// creates them: bigint keys, `DateTStamp` a TIMESTAMP that MariaDB moves on every insert and
// update, `HistDateTStamp` a DATETIME), and a generated practice written in bulk from MariaDB's
// sequence tables (seq_1_to_N). Each fixture is a database of its own, `opendental_test_…`, loaded
// by MARIADB_URL_TEST's user (every right on those databases) and read by
// MARIADB_READER_URL_TEST's (SELECT only), as .ci/run creates them.
import mysql, { type Connection } from "mysql2/promise";

const TABLES = [
  `CREATE TABLE clinic (
    ClinicNum bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, Description varchar(255) NOT NULL DEFAULT '',
    Address varchar(255) NOT NULL DEFAULT '', City varchar(255) NOT NULL DEFAULT '', State varchar(255) NOT NULL DEFAULT '',
    Zip varchar(255) NOT NULL DEFAULT '', Phone varchar(255) NOT NULL DEFAULT '', Abbr varchar(255) NOT NULL DEFAULT '',
    IsHidden tinyint NOT NULL DEFAULT 0, ItemOrder int NOT NULL DEFAULT 0)`,
  `CREATE TABLE userod (
    UserNum bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, UserName varchar(255) NOT NULL DEFAULT '',
    Password varchar(255) NOT NULL DEFAULT '', UserGroupNum bigint NOT NULL DEFAULT 0, EmployeeNum bigint NOT NULL DEFAULT 0,
    ClinicNum bigint NOT NULL DEFAULT 0, ProvNum bigint NOT NULL DEFAULT 0, IsHidden tinyint NOT NULL DEFAULT 0)`,
  `CREATE TABLE definition (
    DefNum bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, Category tinyint NOT NULL, ItemOrder smallint NOT NULL DEFAULT 0,
    ItemName varchar(255) NOT NULL DEFAULT '', ItemValue varchar(255) NOT NULL DEFAULT '', ItemColor int NOT NULL DEFAULT 0,
    IsHidden tinyint NOT NULL DEFAULT 0)`,
  `CREATE TABLE patient (
    PatNum bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, LName varchar(100) NOT NULL DEFAULT '', FName varchar(100) NOT NULL DEFAULT '',
    MiddleI varchar(100) NOT NULL DEFAULT '', Preferred varchar(100) NOT NULL DEFAULT '', PatStatus tinyint NOT NULL DEFAULT 0,
    Gender tinyint NOT NULL DEFAULT 0, Position tinyint NOT NULL DEFAULT 0, Birthdate date NOT NULL DEFAULT '0001-01-01',
    Address varchar(100) NOT NULL DEFAULT '', City varchar(100) NOT NULL DEFAULT '', State varchar(100) NOT NULL DEFAULT '',
    Zip varchar(100) NOT NULL DEFAULT '', HmPhone varchar(30) NOT NULL DEFAULT '', WirelessPhone varchar(30) NOT NULL DEFAULT '',
    Guarantor bigint NOT NULL DEFAULT 0, Email varchar(100) NOT NULL DEFAULT '', PriProv bigint NOT NULL DEFAULT 0,
    ChartNumber varchar(100) NOT NULL DEFAULT '', DateFirstVisit date NOT NULL DEFAULT '0001-01-01',
    ClinicNum bigint NOT NULL DEFAULT 0, SecDateEntry date NOT NULL DEFAULT '0001-01-01',
    DateTStamp timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
    INDEX IndexLName (LName), INDEX ClinicNum (ClinicNum), INDEX DateTStamp (DateTStamp))`,
  `CREATE TABLE appointment (
    AptNum bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, PatNum bigint NOT NULL, AptStatus tinyint NOT NULL,
    Pattern varchar(255) NOT NULL DEFAULT '', Confirmed bigint NOT NULL DEFAULT 0, TimeLocked tinyint NOT NULL DEFAULT 0,
    Op bigint NOT NULL DEFAULT 0, Note text, ProvNum bigint NOT NULL DEFAULT 0, ProvHyg bigint NOT NULL DEFAULT 0,
    AptDateTime datetime NOT NULL DEFAULT '0001-01-01 00:00:00', NextAptNum bigint NOT NULL DEFAULT 0,
    UnschedStatus bigint NOT NULL DEFAULT 0, IsNewPatient tinyint NOT NULL DEFAULT 0, ProcDescript text,
    Assistant bigint NOT NULL DEFAULT 0, ClinicNum bigint NOT NULL DEFAULT 0, IsHygiene tinyint NOT NULL DEFAULT 0,
    DateTStamp timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
    DateTimeArrived datetime NOT NULL DEFAULT '0001-01-01 00:00:00', DateTimeSeated datetime NOT NULL DEFAULT '0001-01-01 00:00:00',
    DateTimeDismissed datetime NOT NULL DEFAULT '0001-01-01 00:00:00', InsPlan1 bigint NOT NULL DEFAULT 0,
    InsPlan2 bigint NOT NULL DEFAULT 0, DateTimeAskedToArrive datetime NOT NULL DEFAULT '0001-01-01 00:00:00',
    ProcsColored text, ColorOverride int NOT NULL DEFAULT 0, AppointmentTypeNum bigint NOT NULL DEFAULT 0,
    SecUserNumEntry bigint NOT NULL DEFAULT 0, SecDateTEntry datetime NOT NULL DEFAULT '0001-01-01 00:00:00',
    Priority tinyint NOT NULL DEFAULT 0, ProvBarText varchar(60) NOT NULL DEFAULT '', PatternSecondary varchar(255) NOT NULL DEFAULT '',
    INDEX PatNum (PatNum), INDEX AptDateTime (AptDateTime), INDEX ClinicNum (ClinicNum), INDEX DateTStamp (DateTStamp))`,
  `CREATE TABLE histappointment (
    HistApptNum bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, HistUserNum bigint NOT NULL DEFAULT 0,
    HistDateTStamp datetime NOT NULL DEFAULT '0001-01-01 00:00:00', HistApptAction tinyint NOT NULL, ApptSource tinyint NOT NULL DEFAULT 0,
    AptNum bigint NOT NULL, PatNum bigint NOT NULL, AptStatus tinyint NOT NULL, Pattern varchar(255) NOT NULL DEFAULT '',
    Confirmed bigint NOT NULL DEFAULT 0, TimeLocked tinyint NOT NULL DEFAULT 0, Op bigint NOT NULL DEFAULT 0,
    Note varchar(255) NOT NULL DEFAULT '', ProvNum bigint NOT NULL DEFAULT 0, ProvHyg bigint NOT NULL DEFAULT 0,
    AptDateTime datetime NOT NULL DEFAULT '0001-01-01 00:00:00', NextAptNum bigint NOT NULL DEFAULT 0,
    UnschedStatus bigint NOT NULL DEFAULT 0, IsNewPatient tinyint NOT NULL DEFAULT 0, ProcDescript varchar(255) NOT NULL DEFAULT '',
    Assistant bigint NOT NULL DEFAULT 0, ClinicNum bigint NOT NULL DEFAULT 0, IsHygiene tinyint NOT NULL DEFAULT 0,
    DateTStamp timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
    INDEX AptNum (AptNum), INDEX HistDateTStamp (HistDateTStamp))`,
  `CREATE TABLE procedurelog (
    ProcNum bigint NOT NULL AUTO_INCREMENT PRIMARY KEY, PatNum bigint NOT NULL, AptNum bigint NOT NULL DEFAULT 0,
    ProcDate date NOT NULL DEFAULT '0001-01-01', ProcFee double NOT NULL DEFAULT 0, Surf varchar(10) NOT NULL DEFAULT '',
    ToothNum varchar(2) NOT NULL DEFAULT '', ToothRange varchar(100) NOT NULL DEFAULT '', Priority bigint NOT NULL DEFAULT 0,
    ProcStatus tinyint NOT NULL, ProvNum bigint NOT NULL DEFAULT 0, Dx bigint NOT NULL DEFAULT 0, PlannedAptNum bigint NOT NULL DEFAULT 0,
    ClinicNum bigint NOT NULL DEFAULT 0, CodeNum bigint NOT NULL DEFAULT 0,
    DateTStamp timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
    INDEX PatNum (PatNum), INDEX DateTStamp (DateTStamp))`,
];

/** Open Dental's definition category 20, treatment plan priorities: the practice's own names, in ItemOrder. */
export const PRIORITY_NAMES = ["Urgent", "Soon", "Next visit", "When convenient", "Cosmetic"];

export interface PracticeShape {
  /** ClinicNum → Abbr; none: a database without clinics (every ClinicNum 0). */
  clinics: { num: number; abbr: string }[];
  patients: number;
  appointments: number;
  /** Treatment-planned procedures; as many completed ones beside them. */
  plannedProcedures: number;
  /** histappointment rows: created, changed, missed, cancelled and deleted in turn. */
  historyRows: number;
  /** Every generated row's change stamp (the source's local time, as Open Dental writes it). */
  stamp: string;
}

export const SMALL_PRACTICE: PracticeShape = {
  clinics: [
    { num: 1, abbr: "SM-HOUS" },
    { num: 2, abbr: "SM-PASA" },
  ],
  patients: 10_000,
  appointments: 30_000,
  plannedProcedures: 5_000,
  historyRows: 2_000,
  stamp: "2026-01-05 09:00:00",
};

export interface OpenDentalFixture {
  /** The full-rights connection that built it; tests change rows through it. */
  admin: Connection;
  database: string;
  /** The database for the connector: the read-only user's URL. */
  readerUrl: string;
  /** The same database through the full-rights user (refused by the connector). */
  adminUrl: string;
  drop: () => Promise<void>;
}

export const mariadbUrls = () => ({ admin: process.env.MARIADB_URL_TEST, reader: process.env.MARIADB_READER_URL_TEST });

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

export async function openDentalFixture(shape: PracticeShape = SMALL_PRACTICE): Promise<OpenDentalFixture> {
  const urls = mariadbUrls();
  if (!urls.admin || !urls.reader) throw new Error("MARIADB_URL_TEST and MARIADB_READER_URL_TEST must be set");
  const database = `opendental_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = await mysql.createConnection({ uri: urls.admin, dateStrings: true, multipleStatements: true });
  await admin.query(`CREATE DATABASE \`${database}\``);
  await admin.changeUser({ database });
  for (const table of TABLES) await admin.query(table);
  await loadPractice(admin, shape);
  return {
    admin,
    database,
    readerUrl: withDatabase(urls.reader, database),
    adminUrl: withDatabase(urls.admin, database),
    drop: async () => {
      await admin.query(`DROP DATABASE \`${database}\``);
      await admin.end();
    },
  };
}

/** Rows of `seq_1_to_n`, MariaDB's sequence engine (no table to fill first). */
const seq = (n: number) => `seq_1_to_${Math.max(1, n)}`;

async function loadPractice(admin: Connection, shape: PracticeShape): Promise<void> {
  const clinics = shape.clinics.length > 0 ? shape.clinics : [{ num: 0, abbr: "" }];
  const clinicOf = (n: string) => `ELT(1 + (${n} % ${clinics.length}), ${clinics.map((clinic) => clinic.num).join(", ")})`;
  const stamp = admin.escape(shape.stamp);
  for (const clinic of shape.clinics) await admin.query("INSERT INTO clinic (ClinicNum, Description, Abbr) VALUES (?, ?, ?)", [clinic.num, `Clinic ${clinic.abbr}`, clinic.abbr]);
  await admin.query("INSERT INTO userod (UserNum, UserName) VALUES (1, 'frontdesk'), (2, 'hygienist'), (3, 'manager')");
  for (const [order, name] of PRIORITY_NAMES.entries()) await admin.query("INSERT INTO definition (Category, ItemOrder, ItemName) VALUES (20, ?, ?)", [order, name]);
  await admin.query("INSERT INTO definition (Category, ItemOrder, ItemName) VALUES (2, 0, 'Not Called'), (2, 1, 'Confirmed')");
  // Every 50th patient deleted, every 40th archived; a first visit for nine patients in ten.
  await admin.query(
    `INSERT INTO patient (PatNum, LName, FName, PatStatus, Birthdate, Guarantor, DateFirstVisit, ClinicNum, SecDateEntry, DateTStamp)
     SELECT seq, CONCAT('Last', seq), CONCAT('First', seq), IF(seq % 50 = 0, 4, IF(seq % 40 = 0, 3, 0)),
       DATE('1960-01-01') + INTERVAL (seq % 20000) DAY, seq,
       IF(seq % 10 = 0, '0001-01-01', DATE('2018-01-01') + INTERVAL (seq % 2500) DAY), ${clinicOf("seq")}, '2018-01-01', ${stamp}
     FROM ${seq(shape.patients)}`,
  );
  // Appointments over the patients in turn: completed in the past, scheduled ahead, some broken,
  // unscheduled, planned, and patient notes (7), which are no visits.
  await admin.query(
    `INSERT INTO appointment (AptNum, PatNum, AptStatus, AptDateTime, IsNewPatient, ClinicNum, Note, ProcDescript, ProcsColored, DateTStamp)
     SELECT seq, 1 + (seq % ${shape.patients}), ELT(1 + (seq % 10), 2, 2, 2, 2, 1, 1, 5, 3, 6, 7),
       IF(seq % 10 IN (4, 5), DATE('2027-01-04 08:00:00') + INTERVAL (seq % 300) DAY, DATE('2024-01-02 08:00:00') + INTERVAL (seq % 700) DAY) + INTERVAL (seq % 9) HOUR,
       IF(seq <= ${shape.patients}, 1, 0), ${clinicOf(`(1 + (seq % ${shape.patients}))`)}, '', '', '', ${stamp}
     FROM ${seq(shape.appointments)}`,
  );
  await admin.query(
    `INSERT INTO procedurelog (PatNum, ProcDate, ProcFee, Priority, ProcStatus, ClinicNum, CodeNum, DateTStamp)
     SELECT 1 + (seq * 7 % ${shape.patients}), '2025-06-01', 80, IF(seq % 6 = 0, 0, (SELECT MIN(DefNum) FROM definition WHERE Category = 20) + seq % ${PRIORITY_NAMES.length}),
       IF(seq % 2 = 0, 1, 2), ${clinicOf(`(1 + (seq * 7 % ${shape.patients}))`)}, 1, ${stamp}
     FROM ${seq(shape.plannedProcedures * 2)}`,
  );
  await admin.query(
    `INSERT INTO histappointment (HistUserNum, HistDateTStamp, HistApptAction, AptNum, PatNum, AptStatus, AptDateTime, ClinicNum)
     SELECT a.AptNum % 4, DATE(${stamp}) - INTERVAL (h.seq % 200) HOUR, h.seq % 5, a.AptNum, a.PatNum, a.AptStatus, a.AptDateTime, a.ClinicNum
     FROM ${seq(shape.historyRows)} h JOIN appointment a ON a.AptNum = h.seq`,
  );
}
