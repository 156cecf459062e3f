// The connector's reads against a real MariaDB holding a generated Open Dental practice
// (tests/support/openDentalFixture.ts): what changed since a position, in pages, and only that.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connection, RowDataPacket } from "mysql2/promise";
import { mariadbUrls, openDentalFixture, SMALL_PRACTICE, type OpenDentalFixture } from "../../tests/support/openDentalFixture.ts";
import { positionAfter, readChanged, START, type Position } from "./changes.repository.ts";
import { checkSource, openSource, sourceClock, sourceName } from "./source.repository.ts";

describe.skipIf(!mariadbUrls().admin)("the changes of an Open Dental database (MariaDB)", () => {
  let fixture: OpenDentalFixture;
  let reader: Connection;

  beforeAll(async () => {
    fixture = await openDentalFixture();
    reader = await openSource(fixture.readerUrl);
  }, 60_000);

  afterAll(async () => {
    await reader?.end();
    await fixture?.drop();
  });

  it("reads a whole table once from its start, in pages that each begin after the last", async () => {
    const { now } = await sourceClock(reader, 0);
    let position: Position = START;
    const seen = new Set<string>();
    for (;;) {
      const page = await readChanged(reader, "appointment", position, now, 7_000);
      if (page.length === 0) break;
      for (const row of page) seen.add(row.aptNum);
      position = positionAfter(page);
    }
    // Every generated row shares one stamp: the key alone carries the pages on.
    expect(seen.size).toBe(SMALL_PRACTICE.appointments);
  });

  it("reads after a position only the rows changed since, and leaves to the next run what changes after its clock", async () => {
    const { now } = await sourceClock(reader, 0);
    const after: Position = { stamp: SMALL_PRACTICE.stamp, key: String(SMALL_PRACTICE.appointments) };
    expect(await readChanged(reader, "appointment", after, now, 1_000)).toEqual([]);

    await fixture.admin.query("UPDATE appointment SET AptStatus = 2, DateTStamp = NOW() - INTERVAL 1 SECOND WHERE AptNum IN (5, 15, 25)");
    const later = (await sourceClock(reader, 0)).now;
    const changed = await readChanged(reader, "appointment", after, later, 1_000);
    expect(changed.map((row) => [row.aptNum, Number(row.aptStatus)])).toEqual([
      ["5", 2],
      ["15", 2],
      ["25", 2],
    ]);
    const justBefore = (await reader.query<RowDataPacket[]>("SELECT ? - INTERVAL 1 SECOND AS t", [changed[0]!.stamp]))[0][0]!.t as string;
    expect(await readChanged(reader, "appointment", after, justBefore, 1_000)).toEqual([]);
  });

  it("reads the deletions, cancellations and missed appointments of the history with who made them, and no other action", async () => {
    const { now } = await sourceClock(reader, 0);
    const rows = await readChanged(reader, "histappointment", START, now, 10_000);
    expect(rows.length).toBe((SMALL_PRACTICE.historyRows * 3) / 5);
    expect(new Set(rows.map((row) => Number(row.action)))).toEqual(new Set([2, 3, 4]));
    const byFrontDesk = rows.find((row) => row.userName === "frontdesk")!;
    expect(byFrontDesk.fName).toMatch(/^First\d+$/);
  });

  it("refuses a user that can write, naming its rights", async () => {
    const admin = await openSource(fixture.adminUrl);
    try {
      await expect(checkSource(admin, sourceName(fixture.adminUrl))).rejects.toThrow(/can write \(ALL PRIVILEGES.*\): the connector needs a user with SELECT only/);
    } finally {
      await admin.end();
    }
    await expect(checkSource(reader, sourceName(fixture.readerUrl))).resolves.toBeUndefined();
  });

  it("fails with one line naming a table the database lacks", async () => {
    await fixture.admin.query("RENAME TABLE histappointment TO histappointment_away");
    try {
      await expect(checkSource(reader, "db")).rejects.toThrow("the Open Dental database db has no table histappointment");
    } finally {
      await fixture.admin.query("RENAME TABLE histappointment_away TO histappointment");
    }
  });

  it("fails with one line when the database does not answer", async () => {
    const closed = new URL(fixture.readerUrl);
    closed.port = "1";
    await expect(openSource(closed.toString())).rejects.toThrow(/^the Open Dental database 127\.0\.0\.1:1\/opendental_test_\S+ does not answer \(ECONNREFUSED\)$/);
  });
});
