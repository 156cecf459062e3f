// Campaigns (listCampaigns, createCampaign, updateCampaign, cloneCampaign, changeCampaignState) with
// the server's rules (domain/campaigns/campaignRules.ts): administrators manage every campaign,
// other staff read the campaigns they are assigned to. Each change is sent as a `campaign` event.
import { HttpResponse } from "msw";
import { HttpError, invalidRequest, type FieldProblem } from "../../contract/errors.ts";
import type { components } from "../../contract/schema";
import {
  campaignNameKey,
  campaignProblems,
  type CampaignFields,
  changedMeanwhile,
  cleanCampaign,
  NAME_TAKEN_DETAIL,
  nameTaken,
  NO_SUCH_CAMPAIGN,
  STATE_DETAIL,
  stateAfter,
  stepRefused,
  UNKNOWN_AGENTS_DETAIL,
  VERSION_DETAIL,
} from "../../domain/campaigns/campaignRules.ts";
import { targetsCountOf } from "../../domain/campaigns/campaignTargets.ts";
import { createApi } from "../api";
import { createMembersList } from "../members/membersList";
import { nextId, type MockDb } from "../db/createMockDb";
import type { CampaignRecord } from "../db/records";
import { answerOf, campaignChanged } from "../campaigns/campaignChanged";

type Schemas = components["schemas"];

const inOrder = (a: CampaignRecord, b: CampaignRecord) => a.position - b.position || a.id - b.id;

export function campaignsHandlers(db: MockDb) {
  const api = createApi(db);
  const members = createMembersList(db);

  const checked = (input: Schemas["CampaignInput"] | Schemas["CampaignChange"]): CampaignFields => {
    const fields = cleanCampaign(input);
    const problems: FieldProblem[] = campaignProblems(fields, db.queue.rules.callingWindow);
    const enabled = (id: number) => db.users.some((user) => user.id === id) && !db.disabledUsers.has(id);
    if (!fields.agents.every(enabled)) problems.push({ field: "agents", message: UNKNOWN_AGENTS_DETAIL });
    if (problems.length > 0) throw invalidRequest(problems);
    return fields;
  };
  const checkName = (name: string, exceptId?: number) => {
    const other = db.campaigns.find((campaign) => campaign.id !== exceptId && campaignNameKey(campaign.name) === campaignNameKey(name));
    if (other) throw new HttpError(409, nameTaken(other.name), [{ field: "name", message: NAME_TAKEN_DETAIL }]);
  };
  const existing = (id: number) => {
    const campaign = db.campaigns.find((candidate) => candidate.id === id);
    if (!campaign) throw new HttpError(404, NO_SUCH_CAMPAIGN);
    return campaign;
  };
  const nameOf = (userId: number) => {
    const user = db.users.find((candidate) => candidate.id === userId);
    return user ? `${user.firstname} ${user.lastname}` : "Another administrator";
  };
  const add = (fields: CampaignFields, changedBy: number) => {
    const campaign: CampaignRecord = { ...fields, id: nextId(db.campaigns), state: "draft", version: 1, changedBy };
    db.campaigns.push(campaign);
    campaignChanged(db, campaign);
    return HttpResponse.json(answerOf(campaign), { status: 201 });
  };

  return [
    api.get("/campaigns", ({ session }) => {
      const user = session!.user;
      const visible = db.campaigns.filter((campaign) => user.isAdmin || campaign.agents.includes(user.id));
      return HttpResponse.json([...visible].sort(inOrder).map(answerOf));
    }),

    api.post("/campaigns", ({ body, session }) => {
      const fields = checked(body);
      checkName(fields.name);
      return add(fields, session!.user.id);
    }),

    api.post("/campaign-targets/count", ({ body }) => HttpResponse.json(targetsCountOf(members.count(body)))),

    api.put("/campaigns/{id}", ({ path, body, session }) => {
      const fields = checked(body);
      const campaign = existing(path.id);
      if (campaign.state === "finished") throw new HttpError(409, stepRefused("edit", "finished"), [{ field: "state", message: STATE_DETAIL }]);
      if (campaign.version !== body.version) throw new HttpError(409, changedMeanwhile(nameOf(campaign.changedBy)), [{ field: "version", message: VERSION_DETAIL }]);
      checkName(fields.name, campaign.id);
      const agentsBefore = campaign.agents;
      Object.assign(campaign, fields, { version: campaign.version + 1, changedBy: session!.user.id });
      // Its targets may have changed: the next read of its progress counts them again.
      db.campaignTargetCounts.delete(campaign.id);
      campaignChanged(db, campaign, agentsBefore);
      return HttpResponse.json(answerOf(campaign));
    }),

    api.post("/campaigns/{id}/clone", ({ path, body, session }) => {
      const { id: _id, state: _state, version: _version, changedBy: _by, ...fields } = existing(path.id);
      const name = body.name.trim();
      checkName(name);
      return add({ ...structuredClone(fields), name }, session!.user.id);
    }),

    api.post("/campaigns/{id}/{step}", ({ path, session }) => {
      const campaign = existing(path.id);
      const next = stateAfter(campaign.state, path.step);
      if (!next) throw new HttpError(409, stepRefused(path.step, campaign.state), [{ field: "state", message: STATE_DETAIL }]);
      Object.assign(campaign, { state: next, version: campaign.version + 1, changedBy: session!.user.id });
      campaignChanged(db, campaign);
      return HttpResponse.json(answerOf(campaign));
    }),
  ];
}
