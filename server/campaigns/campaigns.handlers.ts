// Campaigns (tag campaigns): administrators create, change, clone, pause, resume and finish them,
// each change under the administration lock (the name's uniqueness holds until the write) and
// audited and sent as a `campaign` event to the streams of those who may read it; other staff read
// the campaigns they are assigned to. The app answers 403 to other staff before the administrators'
// calls run.
import type { components } from "../../contract/schema.d.ts";
import { HttpError, invalidRequest, type FieldProblem } from "../../contract/errors.ts";
import {
  campaignProblems,
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
import { membersCount, type ListQuery } from "../members/members.repository.ts";
import { withAdministrationLock } from "../admin/administrationLock.repository.ts";
import { audit } from "../audit.repository.ts";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import type { Services } from "../services.ts";
import { settingOf } from "../queue/setting.ts";
import { forgetTargetCounts } from "./campaignTargetCounts.repository.ts";
import { campaignChanged, publish } from "../events/events.repository.ts";
import {
  campaignById,
  campaignNamed,
  campaignRows,
  insertCampaign,
  lastChangedBy,
  notEnabledStaff,
  setCampaignState,
  updateCampaignRow,
  type Campaign,
  type CampaignFields,
} from "./campaigns.repository.ts";

type Schemas = components["schemas"];

/** The campaign cleaned, or 400 naming every field that breaks a rule. */
async function checkedFields(services: Services, input: Schemas["CampaignInput"] | Schemas["CampaignChange"]): Promise<CampaignFields> {
  const fields = cleanCampaign(input);
  const problems: FieldProblem[] = campaignProblems(fields, settingOf(services).rules.callingWindow);
  if ((await notEnabledStaff(services.db, fields.agents)).length > 0) problems.push({ field: "agents", message: UNKNOWN_AGENTS_DETAIL });
  if (problems.length > 0) throw invalidRequest(problems);
  return fields;
}

async function checkName(db: Kysely<Database>, name: string, exceptId?: number): Promise<void> {
  const other = await campaignNamed(db, name, exceptId);
  if (other) throw new HttpError(409, nameTaken(other.name), [{ field: "name", message: NAME_TAKEN_DETAIL }]);
}

async function existing(db: Kysely<Database>, id: number): Promise<Campaign> {
  const campaign = await campaignById(db, id);
  if (!campaign) throw new HttpError(404, NO_SUCH_CAMPAIGN);
  return campaign;
}

const fieldsOf = ({ id: _id, state: _state, version: _version, ...fields }: Campaign): CampaignFields => fields;

export const campaignsHandlers: Handlers = {
  async listCampaigns(call) {
    const { user } = callerOf(call);
    return campaignRows(call.services.db, user.is_admin ? undefined : user.id);
  },

  async countCampaignTargets(call) {
    return targetsCountOf(await membersCount(call.services.db, call.body as ListQuery));
  },

  async createCampaign(call) {
    const { services } = call;
    const { db } = services;
    const fields = await checkedFields(services, call.body);
    const userId = callerOf(call).user.id;
    const id = await withAdministrationLock(db, async () => {
      await checkName(db, fields.name);
      const added = await insertCampaign(db, fields, userId);
      await audit(db, { userId, action: `createCampaign ${added}`, memberIds: [], address: call.request.ip });
      await publish(db, campaignChanged(added));
      return added;
    });
    call.reply.code(201);
    return (await campaignById(db, id))!;
  },

  async updateCampaign(call) {
    const { services } = call;
    const { db } = services;
    const { id } = call.path;
    const fields = await checkedFields(services, call.body);
    const userId = callerOf(call).user.id;
    await withAdministrationLock(db, async () => {
      const campaign = await existing(db, id);
      if (campaign.state === "finished") throw new HttpError(409, stepRefused("edit", "finished"), [{ field: "state", message: STATE_DETAIL }]);
      if (campaign.version !== call.body.version) throw new HttpError(409, changedMeanwhile(await lastChangedBy(db, id)), [{ field: "version", message: VERSION_DETAIL }]);
      await checkName(db, fields.name, id);
      if (!(await updateCampaignRow(db, id, fields, call.body.version, userId))) {
        throw new HttpError(409, changedMeanwhile(await lastChangedBy(db, id)), [{ field: "version", message: VERSION_DETAIL }]);
      }
      // Its targets may have changed: the next read of its progress counts them again.
      await forgetTargetCounts(db, id);
      await audit(db, { userId, action: `updateCampaign ${id}`, memberIds: [], address: call.request.ip });
      // Agents taken off it hear that they may no longer read it.
      await publish(db, campaignChanged(id, campaign.agents));
    });
    return (await campaignById(db, id))!;
  },

  async cloneCampaign(call) {
    const { db } = call.services;
    const userId = callerOf(call).user.id;
    const name = call.body.name.trim();
    const id = await withAdministrationLock(db, async () => {
      const source = await existing(db, call.path.id);
      await checkName(db, name);
      const added = await insertCampaign(db, { ...fieldsOf(source), name }, userId);
      await audit(db, { userId, action: `cloneCampaign ${source.id} ${added}`, memberIds: [], address: call.request.ip });
      await publish(db, campaignChanged(added));
      return added;
    });
    call.reply.code(201);
    return (await campaignById(db, id))!;
  },

  async changeCampaignState(call) {
    const { db } = call.services;
    const { id, step } = call.path;
    const userId = callerOf(call).user.id;
    await withAdministrationLock(db, async () => {
      const campaign = await existing(db, id);
      const next = stateAfter(campaign.state, step);
      if (!next || !(await setCampaignState(db, id, campaign.state, next, userId))) {
        throw new HttpError(409, stepRefused(step, campaign.state), [{ field: "state", message: STATE_DETAIL }]);
      }
      await audit(db, { userId, action: `${step}Campaign ${id}`, memberIds: [], address: call.request.ip });
      await publish(db, campaignChanged(id));
    });
    return (await campaignById(db, id))!;
  },
};
