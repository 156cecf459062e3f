// Small hand-made records for the reports' unit tests: each test states only the fields it counts.
import type { components } from "../../contract/schema";
import type { LeadRecord, MemberRecord } from "../../demo/records.ts";

type Practice = components["schemas"]["Practice"];

export const PRACTICES: Practice[] = [
  { id: 1, practice: "Smile Magic Houston", practiceabbr: "SM-HOUS", region: "SMD", brands: ["denta", "mcna", "uhc", "tmhp"] },
  { id: 2, practice: "Family Smiles Laredo", practiceabbr: "FS-LARE", region: "FSD", brands: ["denta", "mcna", "uhc"] },
  { id: 3, practice: "Bright Path Dental Dallas", practiceabbr: "BPD-DALL", region: "OTD", brands: ["denta", "uhc"] },
];

let nextMemberId = 1;
export function member(overrides: Partial<MemberRecord> = {}): MemberRecord {
  const id = nextMemberId++;
  const practice = PRACTICES.find((candidate) => candidate.id === (overrides.practiceId ?? 1)) ?? PRACTICES[0]!;
  return {
    id,
    dentistId: 1,
    company: "denta",
    Subscriber_ID: String(100000000 + id),
    PatNum: String(100000 + id),
    MCO: "DentaQuest Medicaid",
    First_Name: "Ana",
    Middle_Name: "",
    Last_Name: "Lopez",
    Practice: practice.practiceabbr,
    practiceId: practice.id,
    Address1: "1 Main St",
    City: "Houston",
    State: "TX",
    Phone: "(713) 555-0100",
    Date_of_Birth: "2015-04-02",
    Age: 11,
    Days_Extracted: 3,
    notes: null,
    notestimestamp: null,
    Status: "New Patient",
    Result: "",
    LastVisit: null,
    NextApt: null,
    entryTime: "2026-11-13T15:00:00.000Z",
    version: 1,
    resultVersion: 0,
    notesVersion: 0,
    ...overrides,
  };
}

let nextLeadId = 1;
export function lead(overrides: Partial<LeadRecord> = {}): LeadRecord {
  return {
    id: nextLeadId++,
    practiceId: 1,
    source: "Website",
    stage: "Lead",
    outcome: "open",
    lostReason: null,
    createdAt: "2026-11-16T14:00:00.000Z",
    closedAt: null,
    ...overrides,
  };
}
