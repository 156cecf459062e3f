// Campaigns and their agents (migration 0039). A campaign's row and its agents change in one
// transaction; a change lands only on the version the administrator saw (`update … where version`),
// so of two administrators saving at once one is told the other was first.
import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import type { Database } from "../db/database.ts";
import { audit } from "../audit.repository.ts";
import { campaignChanged, publish } from "../events/events.repository.ts";
import { invalidRequest } from "../../contract/errors.ts";
import { FIGURE_WITHOUT_CAMPAIGN_DETAIL, UNKNOWN_AGENT_DETAIL, UNKNOWN_CAMPAIGN_DETAIL } from "../../domain/campaigns/campaignTargets.ts";
import { figureResults, type CampaignFigure } from "../../domain/campaigns/campaignProgress.ts";

type Schemas = components["schemas"];
export type Campaign = Schemas["Campaign"];
export type { CampaignFields } from "../../domain/campaigns/campaignRules.ts";
import type { CampaignFields } from "../../domain/campaigns/campaignRules.ts";

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const columnsOf = (fields: CampaignFields) => ({
  name: fields.name,
  description: fields.description,
  script: fields.script,
  targets: JSON.stringify(fields.targets),
  starts_on: fields.startsOn,
  ends_on: fields.endsOn,
  hours_from: fields.hours ? minutesOf(fields.hours.from) : null,
  hours_to: fields.hours ? minutesOf(fields.hours.to) : null,
  goal_result: fields.goalResult,
  goal_count: fields.goalCount,
  goal_by: fields.goalBy,
  attempt_cap: fields.attemptCap,
  cooldown_no_answer_hours: fields.cooldownHours.noAnswer,
  cooldown_left_message_hours: fields.cooldownHours.leftMessage,
  position: fields.position,
});

interface CampaignRow {
  id: number;
  name: string;
  description: string;
  script: string;
  targets: unknown;
  starts_on: string;
  ends_on: string;
  hours_from: number | null;
  hours_to: number | null;
  goal_result: string | null;
  goal_count: number | null;
  goal_by: string | null;
  attempt_cap: number | null;
  cooldown_no_answer_hours: number | null;
  cooldown_left_message_hours: number | null;
  position: number;
  state: string;
  version: number;
}

function campaignOf(row: CampaignRow, agents: number[]): Campaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    script: row.script,
    targets: row.targets as Schemas["CampaignTargets"],
    agents,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    hours: row.hours_from === null || row.hours_to === null ? null : { from: clockOf(row.hours_from), to: clockOf(row.hours_to) },
    goalResult: row.goal_result as Schemas["MemberResult"] | null,
    goalCount: row.goal_count,
    goalBy: row.goal_by,
    attemptCap: row.attempt_cap,
    cooldownHours: { noAnswer: row.cooldown_no_answer_hours, leftMessage: row.cooldown_left_message_hours },
    position: row.position,
    state: row.state as Schemas["CampaignState"],
    version: row.version,
  };
}

/** A date column as its 'YYYY-MM-DD' text (server/db/columnTypes.ts): the driver would make a Date at the server's midnight of it. */
const dayOf = (column: "starts_on" | "ends_on" | "goal_by") => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`.as(column);

const CAMPAIGN_COLUMNS = [
  ...(["id", "name", "description", "script", "targets", "hours_from", "hours_to", "goal_result", "goal_count", "attempt_cap", "cooldown_no_answer_hours", "cooldown_left_message_hours", "position", "state", "version"] as const),
  dayOf("starts_on"),
  dayOf("ends_on"),
  dayOf("goal_by"),
];

/** The campaigns, in the supervisor's order; only those `agentId` is assigned to when given. */
export async function campaignRows(db: Kysely<Database>, agentId?: number): Promise<Campaign[]> {
  let query = db.selectFrom("campaigns").select(CAMPAIGN_COLUMNS).orderBy("position").orderBy("id");
  if (agentId !== undefined) query = query.where("id", "in", db.selectFrom("campaign_agents").select("campaign_id").where("user_id", "=", agentId));
  const rows = (await query.execute()) as CampaignRow[];
  if (rows.length === 0) return [];
  const agents = await db
    .selectFrom("campaign_agents")
    .select(["campaign_id", "user_id"])
    .where("campaign_id", "in", rows.map((row) => row.id))
    .orderBy("user_id")
    .execute();
  return rows.map((row) => campaignOf(row, agents.filter((agent) => agent.campaign_id === row.id).map((agent) => agent.user_id)));
}

/** The campaigns' names; only those `agentId` is assigned to when given. */
export async function campaignNames(db: Kysely<Database>, agentId?: number): Promise<string[]> {
  let query = db.selectFrom("campaigns").select("name");
  if (agentId !== undefined) query = query.where("id", "in", db.selectFrom("campaign_agents").select("campaign_id").where("user_id", "=", agentId));
  return (await query.execute()).map((row) => row.name);
}

export async function campaignById(db: Kysely<Database>, id: number): Promise<Campaign | undefined> {
  const row = (await db.selectFrom("campaigns").select(CAMPAIGN_COLUMNS).where("id", "=", id).executeTakeFirst()) as CampaignRow | undefined;
  if (!row) return undefined;
  const agents = await db.selectFrom("campaign_agents").select("user_id").where("campaign_id", "=", id).orderBy("user_id").execute();
  return campaignOf(row, agents.map((agent) => agent.user_id));
}

/** 400 naming `campaign` when a campaign filter (members list, live board, reports) names no campaign. */
export async function checkCampaignFilter(db: Kysely<Database>, campaign: number | undefined): Promise<void> {
  if (campaign === undefined) return;
  const row = await db.selectFrom("campaigns").select("id").where("id", "=", campaign).executeTakeFirst();
  if (!row) throw invalidRequest([{ field: "campaign", message: UNKNOWN_CAMPAIGN_DETAIL }]);
}

/** The members list's campaign filter as the list's query takes it: the campaign, and the results a figure's members were given in it. */
export interface CampaignListFilter {
  campaign?: number;
  campaignResults?: readonly string[];
  /** The staff member whose saves in the campaign count (an agent's row of its progress). */
  campaignAgent?: number;
}

/**
 * The members list's `campaign`, `campaignFigure` and `campaignAgent`: 400 naming `campaign` when
 * it names no campaign, naming the others when they come without one or the agent is no staff
 * member; a figure other than called keeps the members given its results in the campaign (domain
 * figureResults), an agent those of the agent's saves there.
 */
export async function campaignListFilter(db: Kysely<Database>, query: { campaign?: number; campaignFigure?: CampaignFigure; campaignAgent?: number }): Promise<CampaignListFilter> {
  if (query.campaign === undefined) {
    const alone = (["campaignFigure", "campaignAgent"] as const).filter((field) => query[field] !== undefined);
    if (alone.length > 0) throw invalidRequest(alone.map((field) => ({ field, message: FIGURE_WITHOUT_CAMPAIGN_DETAIL })));
    return {};
  }
  const [row, agent] = await Promise.all([
    db.selectFrom("campaigns").select("goal_result").where("id", "=", query.campaign).executeTakeFirst(),
    query.campaignAgent === undefined ? null : db.selectFrom("users").select("id").where("id", "=", query.campaignAgent).executeTakeFirst(),
  ]);
  const unknown = [...(row ? [] : [{ field: "campaign", message: UNKNOWN_CAMPAIGN_DETAIL }]), ...(agent === undefined ? [{ field: "campaignAgent", message: UNKNOWN_AGENT_DETAIL }] : [])];
  if (unknown.length > 0) throw invalidRequest(unknown);
  const results = query.campaignFigure === undefined ? null : figureResults(query.campaignFigure, { goalResult: row!.goal_result });
  return { campaign: query.campaign, ...(results ? { campaignResults: results } : {}), ...(query.campaignAgent !== undefined ? { campaignAgent: query.campaignAgent } : {}) };
}

/** The campaign whose name is `name`, case ignored, other than `exceptId`. */
export async function campaignNamed(db: Kysely<Database>, name: string, exceptId?: number): Promise<{ id: number; name: string } | undefined> {
  let query = db.selectFrom("campaigns").select(["id", "name"]).where(sql<string>`lower(name)`, "=", name.trim().toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

/** The ids among `ids` that are not enabled staff. */
export async function notEnabledStaff(db: Kysely<Database>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const enabled = await db.selectFrom("users").select("id").where("id", "in", [...ids]).where("disabled", "=", false).execute();
  const known = new Set(enabled.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

async function setAgents(trx: Transaction<Database>, campaignId: number, agents: readonly number[]): Promise<void> {
  await trx.deleteFrom("campaign_agents").where("campaign_id", "=", campaignId).execute();
  if (agents.length > 0) await trx.insertInto("campaign_agents").values(agents.map((userId) => ({ campaign_id: campaignId, user_id: userId }))).execute();
}

export async function insertCampaign(db: Kysely<Database>, fields: CampaignFields, changedBy: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("campaigns")
      .values({ ...columnsOf(fields), changed_by: changedBy })
      .returning("id")
      .executeTakeFirstOrThrow();
    await setAgents(trx, id, fields.agents);
    return id;
  });
}

/** Writes the fields on the version seen; false when the campaign is at another version (or finished). */
export async function updateCampaignRow(db: Kysely<Database>, id: number, fields: CampaignFields, seenVersion: number, changedBy: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("campaigns")
      .set({ ...columnsOf(fields), version: sql`version + 1`, changed_by: changedBy, changed_at: sql`now()` })
      .where("id", "=", id)
      .where("version", "=", seenVersion)
      .where("state", "<>", "finished")
      .returning("id")
      .executeTakeFirst();
    if (!updated) return false;
    await setAgents(trx, id, fields.agents);
    return true;
  });
}

/** Moves the campaign from `from` to `to`; false when it was no longer in `from`. */
export async function setCampaignState(db: Kysely<Database>, id: number, from: string, to: string, changedBy: number): Promise<boolean> {
  const updated = await db
    .updateTable("campaigns")
    .set({ state: to, version: sql`version + 1`, changed_by: changedBy, changed_at: sql`now()` })
    .where("id", "=", id)
    .where("state", "=", from)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

/** Who saved the campaign's last change, as staff read a name. */
export async function lastChangedBy(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db
    .selectFrom("campaigns as c")
    .leftJoin("users as u", "u.id", "c.changed_by")
    .select(["u.firstname", "u.lastname"])
    .where("c.id", "=", id)
    .executeTakeFirst();
  return row?.firstname ? `${row.firstname} ${row.lastname}` : "Another administrator";
}

/**
 * The expression of the campaigns served today to the user, in the supervisor's order, as a JSON
 * array of their rows, dates as 'YYYY-MM-DD' (Next reads it in the statement that counts its
 * claim and looks up its session: servedCampaignsOf).
 */
export const servedCampaignsSql = (userId: number | RawBuilder<number>, today: string) => sql<CampaignRow[]>`
  (select coalesce(json_agg(c order by c.position, c.id), '[]'::json) from (
    select * from campaigns
    where state = 'active' and starts_on <= ${today} and ends_on >= ${today}
      and id in (select campaign_id from campaign_agents where user_id = ${userId})) c)`;

/** The campaigns of servedCampaignsSql's answer, each with the user as its one agent shown. */
export const servedCampaignsOf = (rows: readonly unknown[], userId: number): Campaign[] => (rows as CampaignRow[]).map((row) => campaignOf(row, [userId]));

/**
 * Whether the campaign is still active, its row shared-locked for the rest of the transaction: a
 * pause or finish (an update of the row) waits for a Next taking from the campaign, and a Next
 * after it sees it, so no member is served from a campaign after its pause is saved.
 */
export async function campaignStillActive(db: Kysely<Database>, id: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select id from campaigns where id = ${id} and state = 'active' for share`.execute(db);
  return rows.length > 0;
}

/** Removes a disabled account from every campaign it was assigned to, in the disabling's transaction: each a change of the campaign, audited. */
export async function unassignFromCampaigns(trx: Transaction<Database>, userId: number, by: { userId: number | null; address: string }): Promise<void> {
  const left = await trx.deleteFrom("campaign_agents").where("user_id", "=", userId).returning("campaign_id").execute();
  if (left.length === 0) return;
  const ids = left.map((row) => row.campaign_id);
  await trx.updateTable("campaigns").set({ version: sql`version + 1`, changed_by: by.userId, changed_at: sql`now()` }).where("id", "in", ids).execute();
  for (const id of ids) await audit(trx, { userId: by.userId, action: `unassignCampaignAgent ${id} ${userId}`, memberIds: [], address: by.address });
  await publish(trx, ...ids.map((id) => campaignChanged(id, [userId])));
}
