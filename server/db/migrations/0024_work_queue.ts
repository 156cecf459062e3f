// The work queue (docs/architecture.md, The queue): each member's place in it, kept in a table of
// its own (member_id its key) rather than in more columns and indexes of members, whose row every
// save rewrites. What the rules of domain/queue/ make of a member is written by the server's code
// (server/queue/queueState.repository.ts); the triggers here only say that a member changed
// (`stale`), or mirror its claim (`held_until`), so that no rule is written twice. Practices may
// keep another zone than the practice group's: their members' calling window is in it.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // null: the practice group's zone (REPORT_TIME_ZONE).
  await sql`ALTER TABLE practices ADD COLUMN time_zone text`.execute(db);

  await sql`
    CREATE TABLE queue_state (
      member_id integer PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
      -- Something about the member changed since its state was worked out: worked out again before it is served.
      stale boolean NOT NULL DEFAULT true,
      -- The member's practice (0 until worked out): the counts by practice.
      practice_id integer NOT NULL DEFAULT 0,
      blocked text,
      time_zone text,
      rank smallint NOT NULL DEFAULT 5,
      recare_due date,
      attempts smallint NOT NULL DEFAULT 0,
      last_attempt_at timestamptz,
      attempts_resume_at timestamptz,
      cooldown_ends_at timestamptz,
      callback_owner integer,
      callback_due_at timestamptz,
      callback_owner_until timestamptz,
      -- Until when nobody but a callback's owner is served the member; null once passed (Next sweeps it).
      ready_at timestamptz,
      -- The member's claim's end (member_claims.expires_at, on the claims' clock); null once passed.
      held_until timestamptz,
      -- Attempts count from here (an administrator's reset).
      attempts_reset_at timestamptz,
      -- The phone when Phone number issues was saved: a new phone lifts the cooldown.
      issue_phone text
    )`.execute(db);
  // Next walks this index from its start: members nothing holds back or makes wait, in the
  // queue's order (domain/queue/order.ts QUEUE_ORDER). A member that starts to wait, or is
  // claimed, leaves it, so the members served a moment ago are not walked over again.
  await sql`
    CREATE INDEX queue_state_walk_idx ON queue_state (rank, recare_due, attempts, last_attempt_at NULLS FIRST, member_id)
      INCLUDE (time_zone)
      WHERE blocked IS NULL AND ready_at IS NULL AND held_until IS NULL AND NOT stale`.execute(db);
  // The waits and holds whose end has come (swept, and walked until they are), and the next wait's end.
  await sql`CREATE INDEX queue_state_ready_idx ON queue_state (ready_at) WHERE ready_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX queue_state_held_idx ON queue_state (held_until) WHERE held_until IS NOT NULL`.execute(db);
  await sql`CREATE INDEX queue_state_stale_idx ON queue_state (member_id) WHERE stale`.execute(db);
  // The members whose verdict depends on the moment or the caller (waiting, held, or with a callback):
  // the counts read these one by one and the others from queue_counts.
  await sql`CREATE INDEX queue_state_callback_idx ON queue_state (callback_due_at) WHERE callback_due_at IS NOT NULL`.execute(db);

  // How many members each practice has by what holds them for good and by zone, kept by the rows'
  // own changes (one statement, its rows in key order, so two moves in opposite directions never
  // wait for each other in a circle): the queue's counts read the members that wait or are held
  // one by one, and the rest, most of them, from here.
  await sql`
    CREATE TABLE queue_counts (
      practice_id integer NOT NULL,
      blocked text NOT NULL,
      time_zone text NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (practice_id, blocked, time_zone)
    )`.execute(db);
  await sql.raw(`
    CREATE FUNCTION queue_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO queue_counts AS c (practice_id, blocked, time_zone, n)
      SELECT practice_id, coalesce(blocked, ''), coalesce(time_zone, ''), CASE WHEN TG_OP = 'DELETE' THEN -count(*) ELSE count(*) END
      FROM changed_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (practice_id, blocked, time_zone) DO UPDATE SET n = c.n + excluded.n;
      RETURN NULL;
    END $$`).execute(db);
  await sql`CREATE TRIGGER queue_counts_insert AFTER INSERT ON queue_state REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_counts_add()`.execute(db);
  await sql`CREATE TRIGGER queue_counts_delete AFTER DELETE ON queue_state REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_counts_add()`.execute(db);
  await sql.raw(`
    CREATE FUNCTION queue_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO queue_counts AS c (practice_id, blocked, time_zone, n)
      SELECT * FROM (VALUES
        (OLD.practice_id, coalesce(OLD.blocked, ''), coalesce(OLD.time_zone, ''), -1),
        (NEW.practice_id, coalesce(NEW.blocked, ''), coalesce(NEW.time_zone, ''), 1)) AS moved
      ORDER BY 1, 2, 3
      ON CONFLICT (practice_id, blocked, time_zone) DO UPDATE SET n = c.n + excluded.n;
      RETURN NULL;
    END $$`).execute(db);
  await sql.raw(`
    CREATE TRIGGER queue_counts_update AFTER UPDATE OF practice_id, blocked, time_zone ON queue_state FOR EACH ROW
      WHEN ((OLD.practice_id, OLD.blocked, OLD.time_zone) IS DISTINCT FROM (NEW.practice_id, NEW.blocked, NEW.time_zone))
      EXECUTE FUNCTION queue_counts_move()`).execute(db);
  // A member's treatment priority is looked up by its practice and patient number.
  await sql`CREATE INDEX treatment_priorities_patient_idx ON treatment_priorities (practice_id, pat_num)`.execute(db);

  // A new member gets its row, to be worked out; a bulk import inserts many at once.
  await sql.raw(`
    CREATE FUNCTION queue_state_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO queue_state (member_id) SELECT id FROM new_members ON CONFLICT (member_id) DO UPDATE SET stale = true;
      RETURN NULL;
    END $$`).execute(db);
  await sql`
    CREATE TRIGGER queue_state_add AFTER INSERT ON members REFERENCING NEW TABLE AS new_members
      FOR EACH STATEMENT EXECUTE FUNCTION queue_state_add()`.execute(db);
  // What a member's state is worked out from, beside its result (the save works that out itself).
  await sql.raw(`
    CREATE FUNCTION queue_state_touch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE queue_state SET stale = true WHERE member_id = NEW.id AND NOT stale;
      RETURN NULL;
    END $$`).execute(db);
  await sql.raw(`
    CREATE TRIGGER queue_state_touch AFTER UPDATE OF status, phone, state, practice_id, last_visit, pat_num ON members FOR EACH ROW
      WHEN ((OLD.status, OLD.phone, OLD.state, OLD.practice_id, OLD.last_visit, OLD.pat_num)
        IS DISTINCT FROM (NEW.status, NEW.phone, NEW.state, NEW.practice_id, NEW.last_visit, NEW.pat_num))
      EXECUTE FUNCTION queue_state_touch()`).execute(db);
  // Treatment priorities arrive in bulk: once per statement, the patients matched in one join.
  await sql.raw(`
    CREATE FUNCTION queue_state_touch_patients() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE queue_state q SET stale = true FROM members m, changed_rows t
        WHERE q.member_id = m.id AND NOT q.stale AND m.practice_id = t.practice_id AND m.pat_num = t.pat_num;
      RETURN NULL;
    END $$`).execute(db);
  for (const [operation, table] of [["INSERT", "NEW"], ["UPDATE", "NEW"], ["DELETE", "OLD"]] as const) {
    await sql.raw(`
      CREATE TRIGGER queue_state_touch_patients_${operation.toLowerCase()} AFTER ${operation} ON treatment_priorities
        REFERENCING ${table} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_state_touch_patients()`).execute(db);
  }
  await sql.raw(`
    CREATE FUNCTION queue_state_touch_practice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE queue_state q SET stale = true FROM members m WHERE q.member_id = m.id AND m.practice_id = NEW.id;
      RETURN NULL;
    END $$`).execute(db);
  await sql.raw(`
    CREATE TRIGGER queue_state_touch_practice AFTER UPDATE OF time_zone ON practices FOR EACH ROW
      WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
      EXECUTE FUNCTION queue_state_touch_practice()`).execute(db);
  // A claim holds its member out of the walk for as long as it lasts, renewals and releases included.
  await sql.raw(`
    CREATE FUNCTION queue_state_hold() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE queue_state SET held_until = NULL WHERE member_id = OLD.member_id AND held_until IS NOT NULL;
      ELSE
        UPDATE queue_state SET held_until = NEW.expires_at WHERE member_id = NEW.member_id AND held_until IS DISTINCT FROM NEW.expires_at;
      END IF;
      RETURN NULL;
    END $$`).execute(db);
  await sql`CREATE TRIGGER queue_state_hold AFTER INSERT OR UPDATE OR DELETE ON member_claims FOR EACH ROW EXECUTE FUNCTION queue_state_hold()`.execute(db);

  // Every member has its row from the start; the server works them out when it starts.
  await sql`INSERT INTO queue_state (member_id) SELECT id FROM members`.execute(db);
  // The rules the stored states were worked out by (domain/queue/rules.ts rulesFingerprint): when
  // a deployment changes one, every state is worked out again at the next start.
  await sql`CREATE TABLE queue_rules (only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row), fingerprint text NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE queue_rules`.execute(db);
  await sql`DROP TABLE queue_state`.execute(db);
  await sql`DROP FUNCTION queue_counts_move()`.execute(db);
  await sql`DROP FUNCTION queue_counts_add()`.execute(db);
  await sql`DROP TABLE queue_counts`.execute(db);
  await sql`DROP TRIGGER queue_state_hold ON member_claims`.execute(db);
  await sql`DROP FUNCTION queue_state_hold()`.execute(db);
  await sql`DROP TRIGGER queue_state_touch_practice ON practices`.execute(db);
  await sql`DROP FUNCTION queue_state_touch_practice()`.execute(db);
  for (const operation of ["insert", "update", "delete"]) await sql.raw(`DROP TRIGGER queue_state_touch_patients_${operation} ON treatment_priorities`).execute(db);
  await sql`DROP FUNCTION queue_state_touch_patients()`.execute(db);
  await sql`DROP TRIGGER queue_state_touch ON members`.execute(db);
  await sql`DROP FUNCTION queue_state_touch()`.execute(db);
  await sql`DROP TRIGGER queue_state_add ON members`.execute(db);
  await sql`DROP FUNCTION queue_state_add()`.execute(db);
  await sql`DROP INDEX treatment_priorities_patient_idx`.execute(db);
  await sql`ALTER TABLE practices DROP COLUMN time_zone`.execute(db);
}
