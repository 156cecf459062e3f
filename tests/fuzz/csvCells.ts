// The CSV stage: notes of any text a person or an attacker types (line breaks, a lone CR or LF,
// semicolons, commas, quotes, tabs, leading formula characters) are saved on the members of one
// practice, then the members export of that practice is read back with a real CSV parser
// (papaparse). Every record must be one member with every cell the value the list answers for it
// (a text cell beginning a formula neutralised by a leading '), and no cell may start a formula.
// papaparse is told the file's record delimiter (CRLF), so it reads a lone CR or LF as text even
// outside quotes; spreadsheets and Python's csv end the row there, and a spreadsheet set to `;`
// splits the cell at a semicolon: outside quoted cells the file must hold neither.
import fc from "fast-check";
import Papa from "papaparse";
import { expect } from "vitest";
import { neutraliseCell } from "../../domain/exports/csv.ts";
import { MEMBER_EXPORT_COLUMNS } from "../../domain/exports/columns.ts";
import type { components } from "../../contract/schema";
import type { TestApp } from "../support/testApp.ts";

type Member = components["schemas"]["Member"];

/** What a spreadsheet runs as a formula when a cell begins with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Notes made of the characters that break CSV cells, with at least one that is not a space (the contract's pattern). */
export const noteArbitrary = fc
  .string({ unit: fc.constantFrom("a", "Z", "1", " ", ",", ";", '"', "'", "\r", "\n", "\r\n", "\t", "=", "+", "-", "@", "é"), minLength: 1, maxLength: 40 })
  .filter((note) => /\S/.test(note));

export async function exportReadsBack(test: TestApp, token: string, notes: string[]): Promise<void> {
  const get = (url: string) => test.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  const first = (await get("/api/Members/getMembersTableData?pageSize=15")).json().members[0] as Member;
  const practice = first.practiceId;
  const members = (await get(`/api/Members/getMembersTableData?practice=${practice}&pageSize=1000`)).json().members as Member[];
  for (const [index, note] of notes.entries()) {
    const member = members[index % members.length]!;
    const body = { sid: member.Subscriber_ID, practice, patnum: member.PatNum, notes: note, addLocation: "callCenter" };
    const saved = await test.app.inject({ method: "POST", url: "/api/Members/saveNotes", headers: { authorization: `Bearer ${token}` }, payload: body });
    expect(saved.statusCode, JSON.stringify(note)).toBe(201);
  }
  const listed = (await get(`/api/Members/getMembersTableData?practice=${practice}&pageSize=1000`)).json().members as Member[];
  const exported = await get(`/api/Members/export?practice=${practice}`);
  expect(exported.statusCode).toBe(200);
  const unquoted = exported.body.replace(/"(?:[^"]|"")*"/g, "").replace(/\r\n/g, "");
  expect(unquoted.match(/[\r\n;]/g) ?? []).toEqual([]);
  const parsed = Papa.parse<string[]>(exported.body, { delimiter: ",", newline: "\r\n", skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  const [header, ...records] = parsed.data.slice(0, -1); // the file ends with a record delimiter
  expect(header).toEqual(MEMBER_EXPORT_COLUMNS.map((column) => column.header));
  const expected = listed.map((member) => MEMBER_EXPORT_COLUMNS.map((column) => String(neutraliseCell(column.value(member)))));
  const byLine = (rows: string[][]) => rows.map((row) => JSON.stringify(row)).sort();
  expect(byLine(records)).toEqual(byLine(expected));
  expect(records.flat().filter((cell) => FORMULA_START.test(cell))).toEqual([]);
}
