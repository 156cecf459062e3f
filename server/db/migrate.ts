// Numbered migrations with up and down, listed here in order (no directory scan: the server runs
// TypeScript directly and the list is checked by the compiler).
import { Migrator, NO_MIGRATIONS, type Migration, type MigrationResultSet } from "kysely/migration";
import { sql, type Kysely } from "kysely";
import type { Database } from "./database.ts";
import { writeReferenceData } from "./referenceData.ts";
import * as staffAndSessions from "./migrations/0001_staff_and_sessions.ts";
import * as practicesAndMembers from "./migrations/0002_practices_and_members.ts";
import * as openIssues from "./migrations/0003_open_issues.ts";
import * as setupUsageMail from "./migrations/0005_setup_usage_mail.ts";
import * as reportsPrioritiesDeleted from "./migrations/0006_reports_priorities_deleted.ts";
import * as reportsLeadsFirstVisits from "./migrations/0007_reports_leads_first_visits.ts";
import * as recordingsHelp from "./migrations/0008_recordings_help.ts";
import * as jobsImport from "./migrations/0009_jobs_import.ts";
import * as membersSearchIndexes from "./migrations/0010_members_search_indexes.ts";
import * as signInFailures from "./migrations/0011_sign_in_failures.ts";
import * as teamWorklist from "./migrations/0012_team_worklist.ts";
import * as membersListKeys from "./migrations/0013_members_list_keys.ts";
import * as instancesAndSaves from "./migrations/0014_instances_and_saves.ts";
import * as oidcSignIns from "./migrations/0016_oidc_sign_ins.ts";
import * as callStarts from "./migrations/0017_call_starts.ts";
import * as memberNamePrefixCounts from "./migrations/0018_member_name_prefix_counts.ts";
import * as streamsAndSessionClaims from "./migrations/0019_streams_and_session_claims.ts";
import * as honestJobsAndUploads from "./migrations/0020_honest_jobs_and_uploads.ts";
import * as liveBoard from "./migrations/0022_live_board.ts";
import * as liveBoardIndexes from "./migrations/0023_live_board_indexes.ts";
import * as workQueue from "./migrations/0024_work_queue.ts";
import * as callbacks from "./migrations/0025_callbacks.ts";
import * as resultSaveCounts from "./migrations/0028_result_save_counts.ts";
import * as firstVisitsByDate from "./migrations/0029_first_visits_by_date.ts";
import * as callbacksGoingOverdue from "./migrations/0030_callbacks_going_overdue.ts";
import * as userDayActivity from "./migrations/0031_user_day_activity.ts";
import * as resultSaveCountsAtCommit from "./migrations/0032_result_save_counts_at_commit.ts";
import * as memberFileUploads from "./migrations/0033_member_file_uploads.ts";
import * as practiceFeeds from "./migrations/0034_practice_feeds.ts";
import * as connectorPositions from "./migrations/0035_connector_positions.ts";
import * as queueHopper from "./migrations/0036_queue_hopper.ts";
import * as recordingsFromThePhoneSystem from "./migrations/0037_recordings_from_the_phone_system.ts";
import * as boardDayCounts from "./migrations/0038_board_day_counts.ts";
import * as campaigns from "./migrations/0039_campaigns.ts";
import * as campaignGoalAndCooldowns from "./migrations/0040_campaign_goal_and_cooldowns.ts";
import * as feedRuns from "./migrations/0041_feed_runs.ts";
import * as campaignOfCallsAndResults from "./migrations/0042_campaign_of_calls_and_results.ts";
import * as recordingRetention from "./migrations/0043_recording_retention.ts";
import * as importBatches from "./migrations/0044_import_batches.ts";
import * as membersPracticeCity from "./migrations/0045_members_practice_city.ts";
import * as recordingsByMemberAndAgent from "./migrations/0046_recordings_by_member_and_agent.ts";
import * as campaignTargetCounts from "./migrations/0047_campaign_target_counts.ts";
import * as recordingAudioChecks from "./migrations/0048_recording_audio_checks.ts";
import * as feedQueueMarks from "./migrations/0049_feed_queue_marks.ts";
import * as storedFilesUncompressed from "./migrations/0050_stored_files_uncompressed.ts";
import * as campaignReportCounts from "./migrations/0051_campaign_report_counts.ts";
import * as campaignProgressCounts from "./migrations/0052_campaign_progress_counts.ts";
import * as campaignProgressCountsByKind from "./migrations/0053_campaign_progress_counts_by_kind.ts";
import * as memberWork from "./migrations/0054_member_work.ts";
import * as memberLastNameCounts from "./migrations/0055_member_last_name_counts.ts";
import * as memberUpdatesPerStatement from "./migrations/0056_member_updates_per_statement.ts";
import * as memberClaimsByUserAndExpiry from "./migrations/0057_member_claims_by_user_and_expiry.ts";
import * as queueStateBrand from "./migrations/0058_queue_state_brand.ts";
import * as campaignOpenCallbackCounts from "./migrations/0059_campaign_open_callback_counts.ts";
import * as memberVisits from "./migrations/0060_member_visits.ts";
import * as contactedResults from "./migrations/0061_contacted_results.ts";
import * as membersSortsReadBackwards from "./migrations/0062_members_sorts_read_backwards.ts";
import * as membersPracticeName from "./migrations/0063_members_practice_name.ts";
import * as staleMarksAlwaysWrite from "./migrations/0064_stale_marks_always_write.ts";
import * as appointmentsKeyedBySource from "./migrations/0065_appointments_keyed_by_source.ts";
import * as membersSortsNeverEmptyReadBackwards from "./migrations/0066_members_sorts_never_empty_read_backwards.ts";

export const MIGRATIONS: Record<string, Migration> = {
  "0001_staff_and_sessions": staffAndSessions,
  "0002_practices_and_members": practicesAndMembers,
  "0003_open_issues": openIssues,
  "0005_setup_usage_mail": setupUsageMail,
  "0006_reports_priorities_deleted": reportsPrioritiesDeleted,
  "0007_reports_leads_first_visits": reportsLeadsFirstVisits,
  "0008_recordings_help": recordingsHelp,
  "0009_jobs_import": jobsImport,
  "0010_members_search_indexes": membersSearchIndexes,
  "0011_sign_in_failures": signInFailures,
  "0012_team_worklist": teamWorklist,
  "0013_members_list_keys": membersListKeys,
  "0014_instances_and_saves": instancesAndSaves,
  "0016_oidc_sign_ins": oidcSignIns,
  "0017_call_starts": callStarts,
  "0018_member_name_prefix_counts": memberNamePrefixCounts,
  "0019_streams_and_session_claims": streamsAndSessionClaims,
  "0020_honest_jobs_and_uploads": honestJobsAndUploads,
  "0022_live_board": liveBoard,
  "0023_live_board_indexes": liveBoardIndexes,
  "0024_work_queue": workQueue,
  "0025_callbacks": callbacks,
  "0028_result_save_counts": resultSaveCounts,
  "0029_first_visits_by_date": firstVisitsByDate,
  "0030_callbacks_going_overdue": callbacksGoingOverdue,
  "0031_user_day_activity": userDayActivity,
  "0032_result_save_counts_at_commit": resultSaveCountsAtCommit,
  "0033_member_file_uploads": memberFileUploads,
  "0034_practice_feeds": practiceFeeds,
  "0035_connector_positions": connectorPositions,
  "0036_queue_hopper": queueHopper,
  "0037_recordings_from_the_phone_system": recordingsFromThePhoneSystem,
  "0038_board_day_counts": boardDayCounts,
  "0039_campaigns": campaigns,
  "0040_campaign_goal_and_cooldowns": campaignGoalAndCooldowns,
  "0041_feed_runs": feedRuns,
  "0042_campaign_of_calls_and_results": campaignOfCallsAndResults,
  "0043_recording_retention": recordingRetention,
  "0044_import_batches": importBatches,
  "0045_members_practice_city": membersPracticeCity,
  "0046_recordings_by_member_and_agent": recordingsByMemberAndAgent,
  "0047_campaign_target_counts": campaignTargetCounts,
  "0048_recording_audio_checks": recordingAudioChecks,
  "0049_feed_queue_marks": feedQueueMarks,
  "0050_stored_files_uncompressed": storedFilesUncompressed,
  "0051_campaign_report_counts": campaignReportCounts,
  "0052_campaign_progress_counts": campaignProgressCounts,
  "0053_campaign_progress_counts_by_kind": campaignProgressCountsByKind,
  "0054_member_work": memberWork,
  "0055_member_last_name_counts": memberLastNameCounts,
  "0056_member_updates_per_statement": memberUpdatesPerStatement,
  "0057_member_claims_by_user_and_expiry": memberClaimsByUserAndExpiry,
  "0058_queue_state_brand": queueStateBrand,
  "0059_campaign_open_callback_counts": campaignOpenCallbackCounts,
  "0060_member_visits": memberVisits,
  "0061_contacted_results": contactedResults,
  "0062_members_sorts_read_backwards": membersSortsReadBackwards,
  "0063_members_practice_name": membersPracticeName,
  "0064_stale_marks_always_write": staleMarksAlwaysWrite,
  "0065_appointments_keyed_by_source": appointmentsKeyedBySource,
  "0066_members_sorts_never_empty_read_backwards": membersSortsNeverEmptyReadBackwards,
};

/**
 * Kysely looks for its own tables in every schema unless told which: a test in a schema of its own
 * would find another test's tables (PostgreSQL, DATABASE_URL_TEST) and fail.
 */
async function migratorOf(db: Kysely<unknown>): Promise<Migrator> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, migrationTableSchema: rows[0]?.schema });
}

function checked({ error, results }: MigrationResultSet): void {
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * Kysely's migrator finds its own tables by listing the tables of every schema: a schema another
 * process drops meanwhile (test suites sharing one database, each in a schema of its own) fails the
 * listing with "schema … does not exist" (3F000) before any migration runs, or inside the
 * migrations' transaction, which rolls back. Either way the run can simply be started again.
 */
const SCHEMA_DROPPED_MEANWHILE = "3F000";
const ATTEMPTS = 3;

/** Runs the migrations not yet run, then writes the reference data of the code. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await (await migratorOf(db as unknown as Kysely<unknown>)).migrateToLatest();
    const code = (result.error as { code?: string } | undefined)?.code;
    if (code === SCHEMA_DROPPED_MEANWHILE && attempt < ATTEMPTS) continue;
    checked(result);
    break;
  }
  await writeReferenceData(db as unknown as Kysely<Database>);
}

/** Undoes the migrations run after `name`, newest first: the database as that migration left it. */
export async function migrateBackTo<T>(db: Kysely<T>, name: string): Promise<void> {
  if (!(name in MIGRATIONS)) throw new Error(`no migration is named ${name}`);
  checked(await (await migratorOf(db as unknown as Kysely<unknown>)).migrateTo(name));
}

/** Every migration of the code, in order, and when it ran here (null: not yet). */
export async function migrationsRun<T>(db: Kysely<T>): Promise<{ name: string; ranAt: Date | null }[]> {
  const migrations = await (await migratorOf(db as unknown as Kysely<unknown>)).getMigrations();
  return migrations.map((migration) => ({ name: migration.name, ranAt: migration.executedAt ?? null }));
}

/** Undoes the latest migration (or every one with `all`). */
export async function migrateDown<T>(db: Kysely<T>, all = false): Promise<void> {
  const migrator = await migratorOf(db as unknown as Kysely<unknown>);
  checked(await (all ? migrator.migrateTo(NO_MIGRATIONS) : migrator.migrateDown()));
}
