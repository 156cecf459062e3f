// Campaigns as the client's tests arrange them: one as the contract answers it, active every day
// with no hours, goal or rules of its own unless the test says so; and one added to a screen test's
// fake backend (tests/fakeBackend.ts), its id after every campaign there; and the body that creates
// one over HTTP, with the same defaults.
import type { components } from "../../contract/schema";
import type { FakeDb } from "../fakeBackend";

type Campaign = components["schemas"]["Campaign"];
type CampaignInput = components["schemas"]["CampaignInput"];
type CampaignRecord = FakeDb["campaigns"][number];

export function testCampaign(fields: Pick<Campaign, "id" | "name"> & Partial<Campaign>): Campaign {
  return {
    description: "",
    script: "",
    targets: {},
    agents: [],
    startsOn: "2000-01-01",
    endsOn: "2099-12-31",
    hours: null,
    goalResult: null,
    goalCount: null,
    goalBy: null,
    attemptCap: null,
    cooldownHours: { noAnswer: null, leftMessage: null },
    position: 0,
    state: "active",
    version: 1,
    ...fields,
  };
}

export function addCampaign(db: FakeDb, fields: Pick<CampaignRecord, "name" | "agents" | "changedBy"> & Partial<CampaignRecord>): CampaignRecord {
  const campaign: CampaignRecord = { ...testCampaign({ id: Math.max(0, ...db.campaigns.map((existing) => existing.id)) + 1, ...fields }), changedBy: fields.changedBy };
  db.campaigns.push(campaign);
  return campaign;
}

/** The body of POST /campaigns: every day, no hours, goal or rules of its own unless the test says so. */
export function campaignInput(fields: Pick<CampaignInput, "name" | "agents"> & Partial<CampaignInput>): CampaignInput {
  return { description: "", script: "", targets: {}, startsOn: "2000-01-01", endsOn: "2099-12-31", hours: null, goalResult: null, attemptCap: null, position: 0, ...fields };
}
