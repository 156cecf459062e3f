// Retention in the fake backend: it keeps no audio of its own to delete, so a recording's audio is
// removed by marking its row, as the server's daily retention run marks it after deleting the file.
import type { MockDb } from "../db/createMockDb";

export function removeRecordingAudio(db: MockDb, recordingId: number): void {
  const recording = db.recordings.find((candidate) => candidate.id === recordingId);
  if (recording && recording.audioRemovedAt === null) recording.audioRemovedAt = db.now().toISOString();
}
