// A campaign arranged in a screen test's fake backend (tests/fakeBackend.ts): active every day, no
// hours, goal or rules of its own unless the test says so, its id after every campaign there.
import type { FakeDb } from "../fakeBackend";

type CampaignRecord = FakeDb["campaigns"][number];

export function addCampaign(db: FakeDb, fields: Pick<CampaignRecord, "name" | "agents" | "changedBy"> & Partial<CampaignRecord>): CampaignRecord {
  const campaign: CampaignRecord = {
    id: Math.max(0, ...db.campaigns.map((existing) => existing.id)) + 1,
    description: "",
    script: "",
    targets: {},
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
  db.campaigns.push(campaign);
  return campaign;
}
