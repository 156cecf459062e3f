// Call recordings (tag call-recordings): campaigns, the directory, search, and signed downloads.
// A link is a random token valid 5 minutes; the file behind it is public (the token authorises it,
// so a new browser tab can fetch it without the bearer token). Issuing and fetching are audited.
import { randomBytes } from "node:crypto";
import { directoryFiltersOf, SEARCH_ROWS } from "../../domain/recordings/directory.ts";
import { attachmentDisposition } from "../../domain/recordings/contentDisposition.ts";
import { HttpError, INVALID_TOKEN } from "../../contract/errors.ts";
import { audit } from "../audit.repository.ts";
import { originOf } from "../files/origin.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { rulesOf } from "../auth/sessionRules.ts";
import {
  campaignCounts,
  findRecordingIdByKey,
  findRecordings,
  redeemDownloadLink,
  saveDownloadLink,
} from "./recordings.repository.ts";
import { audioContentType } from "./storage.ts";
import { toCallRecording } from "./callRecordingAnswer.ts";
import { statWithFolder } from "../files/folderImport.ts";
import type { Services } from "../services.ts";
import { readSourceAudio } from "./ingest/sourceAudio.ts";

/** Audio kept in the file store (or moved into it from RECORDINGS_DIR as it is first asked for). */
async function readStoredAudio(services: Services, filePath: string) {
  const found = await statWithFolder(services.files, "recordings", filePath, services.config.recordingsDir, audioContentType);
  return found && services.files.read("recordings", filePath);
}

export const recordingsHandlers: Handlers = {
  async getCallCampaigns({ services }) {
    return campaignCounts(services.db);
  },

  async getCallDirectoryList({ query, services }) {
    const filters = directoryFiltersOf(query);
    const size = query.selectedPageSize ?? 15;
    const page = query.activePage ?? 1;
    const { count, rows } = await findRecordings(services.db, filters, { limit: size, offset: (page - 1) * size });
    return { count, rows: rows.map(toCallRecording) };
  },

  async searchCallRecordings({ query, services }) {
    const { count, rows } = await findRecordings(services.db, { search: query.text.trim() }, { limit: SEARCH_ROWS, offset: 0 });
    return { count, rows: rows.map(toCallRecording) };
  },

  async downloadCallRecording(call) {
    const { user } = callerOf(call);
    const { services, query } = call;
    const recordingId = await findRecordingIdByKey(services.db, query.key);
    if (recordingId === undefined) throw new HttpError(404, "No such recording");
    const token = randomBytes(32).toString("base64url");
    await services.db.transaction().execute(async (trx) => {
      await saveDownloadLink(trx, { token, recordingId, userId: user.id, sessionId: callerOf(call).session.id, title: query.title }, services.now());
      await audit(trx, { userId: user.id, action: "downloadCallRecording", memberIds: [], address: call.request.ip });
    });
    return { data: `${originOf(call.request)}/api/call-recordings/file/${token}` };
  },

  async getCallRecordingFile(call) {
    const { services, reply } = call;
    const link = await redeemDownloadLink(services.db, call.path.token, services.now(), rulesOf(services));
    if (!link) throw new HttpError(401, INVALID_TOKEN);
    const { file_path: filePath } = link;
    if (filePath === null) throw new HttpError(404, "The recording no longer exists");
    const file = link.audio_in === "source" ? await readSourceAudio(services.config, filePath) : await readStoredAudio(services, filePath);
    if (!file) throw new HttpError(404, "The recording's audio file no longer exists");
    await audit(services.db, { userId: link.user_id, action: "getCallRecordingFile", memberIds: [], address: call.request.ip });
    reply.headers({
      "content-type": file.contentType,
      "content-length": String(file.size),
      "content-disposition": attachmentDisposition(link.title),
      "cache-control": "no-store",
    });
    // The reply is a thenable: the app's route waits on it until the answer is sent or cut off.
    return reply.send(file.content) as never;
  },
};
