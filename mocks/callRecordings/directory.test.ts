import { describe, expect, it } from "vitest";
import { findRecordings, matchesSearch, pageOf } from "./directory";

const recording = (id: number, overrides: Partial<Parameters<typeof matchesSearch>[0]> = {}) => ({
  id,
  name: `20261116-090000-${id}.mp3`,
  dateFolder: "2026-11-16",
  practice: "SM-HOUS",
  practiceId: 1,
  campaign: "Inbound",
  phone: "(713) 555-0100",
  mail: "marcus.reed@recalldesk.example",
  size: 1000,
  url: `k${id}`,
  recordedAt: "2026-11-16T15:00:00.000Z",
  audioRemovedAt: null,
  memberId: null,
  ...overrides,
});

describe("matchesSearch", () => {
  it("finds the text in the phone, the agent's e-mail or the file name, ignoring case", () => {
    const row = recording(7);
    expect(matchesSearch(row, "555-0100")).toBe(true);
    expect(matchesSearch(row, "MARCUS")).toBe(true);
    expect(matchesSearch(row, "-7.mp3")).toBe(true);
    expect(matchesSearch(row, "SM-HOUS")).toBe(false);
    expect(matchesSearch(row, "")).toBe(true);
  });
});

describe("findRecordings", () => {
  const rows = [
    recording(1, { recordedAt: "2026-11-14T15:00:00.000Z", dateFolder: "2026-11-14" }),
    recording(2, { practiceId: 2, campaign: "Recare Outreach" }),
    recording(3, { recordedAt: "2026-11-16T15:00:00.000Z" }),
    recording(4, { recordedAt: "2026-11-16T16:00:00.000Z", dateFolder: "2026-11-16" }),
  ];

  it("keeps the rows matching every filter, newest first with ties by id descending", () => {
    expect(findRecordings(rows, {}).map((row) => row.id)).toEqual([4, 3, 2, 1]);
    expect(findRecordings(rows, { practiceId: 1, campaign: "Inbound" }).map((row) => row.id)).toEqual([4, 3, 1]);
    expect(findRecordings(rows, { dateFolder: "2026-11-14" }).map((row) => row.id)).toEqual([1]);
  });

  it("includes both ends of a date range", () => {
    expect(findRecordings(rows, { dates: { startDate: "2026-11-14", endDate: "2026-11-15" } }).map((row) => row.id)).toEqual([1]);
    expect(findRecordings(rows, { dates: { startDate: "2026-11-15", endDate: "2026-11-16" } }).map((row) => row.id)).toEqual([4, 3, 2]);
  });
});

describe("pageOf", () => {
  it("cuts 1-based pages and answers an empty page past the end", () => {
    const rows = [1, 2, 3, 4, 5];
    expect(pageOf(rows, 1, 2)).toEqual([1, 2]);
    expect(pageOf(rows, 3, 2)).toEqual([5]);
    expect(pageOf(rows, 4, 2)).toEqual([]);
  });
});
