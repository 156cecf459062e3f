// Call recordings (tag call-recordings): campaigns, the directory, search, and signed downloads.
// A link is a random token valid 5 minutes; the file behind it is public (the token authorises it,
// so a new browser tab can fetch it without the bearer token). Issuing and fetching are audited.
import { randomBytes } from "node:crypto";
import { AUDIO_REMOVED, directoryFiltersOf, SEARCH_ROWS } from "../../domain/recordings/directory.ts";
import { attachmentDisposition } from "../../domain/recordings/contentDisposition.ts";
import { callCampaignChoices } from "../../domain/recordings/callCampaigns.ts";
import { campaignNames } from "../campaigns/campaigns.repository.ts";
import { HttpError, INVALID_TOKEN } from "../../contract/errors.ts";
import { audit } from "../audit.repository.ts";
import { originOf } from "../files/origin.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { rulesOf } from "../auth/sessionRules.ts";
import {
  campaignCounts,
  findRecordingByKey,
  findRecordings,
  redeemDownloadLink,
  saveDownloadLink,
} from "./recordings.repository.ts";
import { audioContentType } from "./storage.ts";
import { toCallRecording } from "./callRecordingAnswer.ts";
import { statWithFolder } from "../files/folderImport.ts";
import type { Services } from "../services.ts";
import { openSourceAudio, statSourceAudio } from "./ingest/sourceAudio.ts";
import { contentRangeOf, rangeOf, type ByteRange } from "../../domain/http/byteRange.ts";
import type { OpenedFile } from "../files/fileStore.ts";

/** Size and type of a recording's audio, in the file store (moved into it from RECORDINGS_DIR as first asked for) or where the phone system wrote it. */
async function statAudio(services: Services, filePath: string, audioIn: string | null) {
  if (audioIn === "source") return statSourceAudio(services.config, filePath);
  return statWithFolder(services.files, "recordings", filePath, services.config.recordingsDir, audioContentType);
}

/** The audio (or the bytes of `range`) as a stream. */
async function openAudio(services: Services, filePath: string, audioIn: string | null, range: ByteRange | undefined): Promise<OpenedFile | undefined> {
  return audioIn === "source" ? openSourceAudio(services.config, filePath, range) : services.files.open("recordings", filePath, range);
}

export const recordingsHandlers: Handlers = {
  async getCallCampaigns(call) {
    const { user } = callerOf(call);
    const { db } = call.services;
    const [filed, campaigns] = await Promise.all([campaignCounts(db), campaignNames(db, user.is_admin ? undefined : user.id)]);
    return callCampaignChoices(filed, campaigns);
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
    const recording = await findRecordingByKey(services.db, query.key);
    if (recording === undefined) throw new HttpError(404, "No such recording");
    if (recording.audioRemoved) throw new HttpError(410, AUDIO_REMOVED);
    const recordingId = recording.id;
    const token = randomBytes(32).toString("base64url");
    await services.db.transaction().execute(async (trx) => {
      await saveDownloadLink(trx, { token, recordingId, userId: user.id, sessionId: callerOf(call).session.id, title: query.title }, services.now());
      await audit(trx, { userId: user.id, action: "downloadCallRecording", memberIds: [], address: call.request.ip });
    });
    return { data: `${originOf(call.request)}/api/call-recordings/file/${token}` };
  },

  async getCallRecordingFile(call) {
    const { services, reply, request } = call;
    const link = await redeemDownloadLink(services.db, call.path.token, services.now(), rulesOf(services));
    if (!link) throw new HttpError(401, INVALID_TOKEN);
    const { file_path: filePath } = link;
    if (filePath === null) throw new HttpError(404, "The recording no longer exists");
    // A link issued before retention removed the audio ends with it.
    if (link.audio_removed_at !== null) throw new HttpError(404, AUDIO_REMOVED);
    const found = await statAudio(services, filePath, link.audio_in);
    if (!found) throw new HttpError(404, "The recording's audio file no longer exists");
    const range = rangeOf(request.headers.range, found.size);
    reply.header("accept-ranges", "bytes").header("cache-control", "no-store");
    if (range === null) return reply.code(416).header("content-range", contentRangeOf(null, found.size)).send() as never;
    const file = await openAudio(services, filePath, link.audio_in, range);
    if (!file) throw new HttpError(404, "The recording's audio file no longer exists");
    // A player seeking asks many ranges of one link: the download is audited once, at its start.
    if (!range || range.start === 0) await audit(services.db, { userId: link.user_id, action: "getCallRecordingFile", memberIds: [], address: request.ip });
    reply.headers({
      "content-type": file.contentType,
      "content-length": String(range ? range.end - range.start + 1 : file.size),
      "content-disposition": attachmentDisposition(link.title),
    });
    if (range) reply.code(206).header("content-range", contentRangeOf(range, file.size));
    // Streamed from the store, a part at a time: a long recording never sits whole in memory.
    // The reply is a thenable: the app's route waits on it until the answer is sent or cut off.
    return reply.send(file.body) as never;
  },
};
