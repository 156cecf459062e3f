// Campaigns: the supervisor's unit of work for the floor. A campaign targets the members a saved set
// of the members list's filters chooses (kept as the list's own query, so the list and Next read it
// with the same code), is served to the agents assigned, on its dates and hours, and has a version
// that every change moves so that an administrator never overwrites another's change unseen.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE campaigns (
      id serial PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      script text NOT NULL DEFAULT '',
      -- The members list's filters and search, as the contract's CampaignTargets.
      targets jsonb NOT NULL DEFAULT '{}',
      starts_on date NOT NULL,
      ends_on date NOT NULL CHECK (ends_on >= starts_on),
      -- Minutes of the member's local day, or both null for the whole calling window.
      hours_from integer,
      hours_to integer,
      goal_result text,
      attempt_cap integer,
      position integer NOT NULL DEFAULT 0,
      state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'active', 'paused', 'finished')),
      version integer NOT NULL DEFAULT 1,
      changed_by integer REFERENCES users (id) ON DELETE SET NULL,
      changed_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((hours_from IS NULL) = (hours_to IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX campaigns_name_key ON campaigns (lower(name))`.execute(db);
  await sql`
    CREATE TABLE campaign_agents (
      campaign_id integer NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      PRIMARY KEY (campaign_id, user_id)
    )`.execute(db);
  // An agent's campaigns, read at every Next.
  await sql`CREATE INDEX campaign_agents_user_idx ON campaign_agents (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE campaign_agents`.execute(db);
  await sql`DROP TABLE campaigns`.execute(db);
}
