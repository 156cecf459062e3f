// The demo world's call recordings, help items and help notifications. Every demo recording's audio
// is one of the three demo files, kept once under RECORDINGS_DIR/demo/ (server/recordings/storage.ts
// copies them there at start), not once per recording.
import type { Kysely } from "kysely";
import { DEMO_AUDIO_FOLDER } from "../../recordings/storage.ts";
import type { Database } from "../database.ts";
import type { DemoWorld } from "../../../demo/world.ts";
import { insertChunked, resetIdentity } from "../bulkWrite.ts";

export async function seedRecordingsAndHelp(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  const campaignNames = [...new Set(world.recordings.map((recording) => recording.campaign))].sort();
  const campaigns = await trx
    .insertInto("call_campaigns")
    .values(campaignNames.map((name) => ({ name })))
    .returning(["id", "name"])
    .execute();
  const campaignId = new Map(campaigns.map((campaign) => [campaign.name, campaign.id]));
  await insertChunked(world.recordings, (chunk) =>
    trx
      .insertInto("call_recordings")
      .values(
        chunk.map((recording) => ({
          id: recording.id,
          name: recording.name,
          date_folder: recording.dateFolder,
          practice_id: recording.practiceId,
          campaign_id: campaignId.get(recording.campaign)!,
          phone: recording.phone,
          agent_email: recording.mail,
          size: recording.size,
          url: recording.url,
          file_path: `${DEMO_AUDIO_FOLDER}/${recording.file}`,
          recorded_at: recording.recordedAt,
          audio_removed_at: recording.audioRemovedAt,
          member_id: recording.memberId,
        })),
      )
      .execute(),
  );
  await trx
    .insertInto("help_items")
    .values(
      world.helpItems.map((item) => ({
        id: item.id,
        heading: item.heading,
        description: item.description,
        file_links: item.fileLinks,
        parent_page_id: item.parentPageId,
        page_id: item.pageId,
        type: item.type,
        updated_at: item.updatedAt,
      })),
    )
    .execute();
  await insertChunked(world.helpNotifications, (chunk) =>
    trx
      .insertInto("help_notifications")
      .values(chunk.map((n) => ({ id: n.id, help_id: n.helpId, user_id: n.userId, created_at: n.createdAt, seen: n.seen })))
      .execute(),
  );
  for (const table of ["call_recordings", "help_items", "help_notifications"]) await resetIdentity(trx, table);
}
