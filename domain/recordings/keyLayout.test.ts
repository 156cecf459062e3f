import { describe, expect, it } from "vitest";
import { keyLayoutOf, layoutProblem } from "./keyLayout.ts";

const CHICAGO = "America/Chicago";

describe("key layouts", () => {
  it("reads FreePBX's monitor folder: the outside number is the member's, the time the PBX's local time", () => {
    const facts = keyLayoutOf("freepbx").read("2026/11/16/out-15125550142-201-20261116-093005-1763307005.42.wav", CHICAGO);
    expect(facts).toEqual({ recordedAt: new Date("2026-11-16T15:30:05Z"), phone: "5125550142", practice: undefined, campaign: undefined, agentEmail: undefined });
  });

  it("reads an inbound FreePBX call's caller as the member", () => {
    const facts = keyLayoutOf("freepbx").read("2026/11/16/external-201-5125550142-20261116-093005-1.2.wav", CHICAGO);
    expect(facts).toMatchObject({ phone: "5125550142" });
  });

  it("refuses a FreePBX name whose date is not its folder's", () => {
    expect(keyLayoutOf("freepbx").read("2026/11/17/out-5125550142-201-20261116-093005-1.wav", CHICAGO)).toEqual({
      refused: expect.stringContaining("does not fit the layout"),
    });
  });

  it("reads Amazon Connect's UTC timestamp, with no phone in the key", () => {
    const facts = keyLayoutOf("amazon-connect").read("connect/recall/CallRecordings/2026/11/16/4f1c-77_20261116T15:30_UTC.wav", CHICAGO);
    expect(facts).toMatchObject({ recordedAt: new Date("2026-11-16T15:30:00Z"), phone: undefined });
  });

  it("reads the plain layout's practice, campaign, phone and agent", () => {
    const facts = keyLayoutOf("recall-desk").read("2026-11-16/SMD1/Recare/512-555-0142_Marcus.Reed@example.com_093005.mp3", CHICAGO);
    expect(facts).toEqual({
      recordedAt: new Date("2026-11-16T15:30:05Z"),
      phone: "5125550142",
      practice: "SMD1",
      campaign: "Recare",
      agentEmail: "marcus.reed@example.com",
    });
  });

  it("refuses keys outside the layout, impossible dates and phones that are not numbers", () => {
    const layout = keyLayoutOf("recall-desk");
    expect(layout.read("notes/readme.txt", CHICAGO)).toHaveProperty("refused");
    expect(layout.read("2026-02-30/SMD1/Recare/5125550142_a@b.c_093005.mp3", CHICAGO)).toEqual({ refused: "its date or time is not a real one" });
    expect(layout.read("2026-11-16/SMD1/Recare/unknown_a@b.c_093005.mp3", CHICAGO)).toEqual({ refused: '"unknown" is not a phone number' });
  });

  it("takes a pattern of its own and refuses one without a day or with unknown fields", () => {
    expect(keyLayoutOf("{YYYY}{MM}{DD}/{phone}.{ext}").read("20261116/5125550142.wav", CHICAGO)).toMatchObject({ phone: "5125550142" });
    expect(layoutProblem("{phone}.wav")).toMatch(/must give the day/);
    expect(layoutProblem("{YYYY}/{MM}/{DD}/{caller}.wav")).toMatch(/unknown fields \{caller\}/);
  });
});
