// A recordings row as the contract's CallRecording: the directory, the search and the export
// answer alike.
import type { components } from "../../contract/schema.d.ts";
import type { RecordingRow } from "./recordings.repository.ts";

type CallRecording = components["schemas"]["CallRecording"];

export const toCallRecording = (row: RecordingRow): CallRecording => ({
  id: row.id,
  name: row.name,
  dateFolder: row.date_folder,
  practice: row.practice,
  practiceId: row.practice_id,
  campaign: row.campaign,
  phone: row.phone,
  mail: row.agent_email,
  size: row.size,
  url: row.url,
  recordedAt: new Date(row.recorded_at).toISOString(),
  audioRemovedAt: row.audio_removed_at === null ? null : new Date(row.audio_removed_at).toISOString(),
  memberId: row.member_id,
});
