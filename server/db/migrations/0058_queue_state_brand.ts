// The member's brand (`company`) copied into queue_state, with a walk index per brand. A campaign
// is mostly a brand's members, and a fill of its hopper walked the queue's index and read each
// member's row to check its brand: about four rows read per member a brand of a quarter keeps. With
// the brand beside the queue's order, a fill under a brand walks that brand's members alone, in the
// queue's order, without reading their member rows.
//
// The copy is kept as members are inserted (queue_state_add, once per statement) and as a
// statement updates members (a brand change is copied, not marked stale: it changes nobody's place).
import { sql, type Kysely } from "kysely";

const WALK_ORDER = "rank, recare_due, attempts, last_attempt_at NULLS FIRST, member_id";
const WALKED = "blocked IS NULL AND ready_at IS NULL AND held_until IS NULL AND NOT stale";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE queue_state ADD COLUMN company text NOT NULL DEFAULT ''`.execute(db);
  await sql`UPDATE queue_state q SET company = m.company FROM members m WHERE m.id = q.member_id`.execute(db);
  await sql.raw(`CREATE INDEX queue_state_brand_walk_idx ON queue_state (company, ${WALK_ORDER}) INCLUDE (time_zone) WHERE ${WALKED}`).execute(db);
  await sql.raw(`
    CREATE OR REPLACE FUNCTION queue_state_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO queue_state (member_id, company) SELECT id, company FROM new_members
        ON CONFLICT (member_id) DO UPDATE SET stale = true, company = excluded.company;
      RETURN NULL;
    END $$`).execute(db);
  await sql.raw(`
    CREATE FUNCTION queue_state_brand() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE queue_state q SET company = n.company
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE q.member_id = n.id AND o.company IS DISTINCT FROM n.company;
      RETURN NULL;
    END $$`).execute(db);
  await sql`
    CREATE TRIGGER queue_state_brand AFTER UPDATE ON members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION queue_state_brand()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER queue_state_brand ON members`.execute(db);
  await sql`DROP FUNCTION queue_state_brand()`.execute(db);
  await sql.raw(`
    CREATE OR REPLACE FUNCTION queue_state_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO queue_state (member_id) SELECT id FROM new_members ON CONFLICT (member_id) DO UPDATE SET stale = true;
      RETURN NULL;
    END $$`).execute(db);
  await sql`DROP INDEX queue_state_brand_walk_idx`.execute(db);
  await sql`ALTER TABLE queue_state DROP COLUMN company`.execute(db);
}
