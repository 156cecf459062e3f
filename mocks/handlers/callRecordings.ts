// Call recordings: the directory, campaigns, search, and signed, audited downloads (tag
// call-recordings). The file behind a link is public: the link's token is the authorisation.
import { HttpResponse } from "msw";
import type { CallRecordingRecord } from "../../demo/records.ts";
import { AUDIO_REMOVED, directoryFiltersOf, SEARCH_ROWS } from "../../domain/recordings/directory.ts";
import { attachmentDisposition } from "../../domain/recordings/contentDisposition.ts";
import { callCampaignChoices } from "../../domain/recordings/callCampaigns.ts";
import { contentRangeOf, rangeOf } from "../../domain/http/byteRange.ts";
import { HttpError, INVALID_TOKEN } from "../../contract/errors.ts";
import { caller, createApi, errorAnswer } from "../api";
import { findRecordings, pageOf } from "../callRecordings/directory";
import type { MockDb } from "../db/createMockDb";
import { issueDownloadLink, redeemDownloadLink } from "../db/downloadLinks";
import { liveSession } from "../db/sessions";
import { demoAudio } from "../demoAudio";
import { CALL_RECORDING_EXPORT_COLUMNS } from "../../domain/exports/columns.ts";
import { exportFileName } from "../../domain/exports/fileName.ts";
import { EXPORT_BATCH_ROWS } from "../../domain/exports/protocol.ts";
import { batchesOf, csvResponse, mapBatches } from "../exports/csvResponse";

/** The contract's shape: the demo file behind a recording stays inside the fake backend. */
const toCallRecording = ({ file: _file, ...recording }: CallRecordingRecord) => recording;

export function callRecordingsHandlers(db: MockDb) {
  const api = createApi(db);

  return [
    api.get("/call-recordings/directoryList", ({ query }) => {
      const rows = findRecordings(db.recordings, directoryFiltersOf(query));
      const page = pageOf(rows, query.activePage ?? 1, query.selectedPageSize ?? 15);
      return HttpResponse.json({ count: rows.length, rows: page.map(toCallRecording) });
    }),

    api.get("/call-recordings/directoryList/export", ({ query }) => {
      const rows = findRecordings(db.recordings, directoryFiltersOf(query));
      return csvResponse({
        fileName: exportFileName("CallRecordings", db.now()),
        columns: CALL_RECORDING_EXPORT_COLUMNS,
        rowCount: rows.length,
        batches: mapBatches(batchesOf(rows, EXPORT_BATCH_ROWS), toCallRecording),
      });
    }),

    api.get("/call-recordings/campaigns", (context) => {
      const { user } = caller(context);
      const counts = new Map<string, number>();
      for (const recording of db.recordings) counts.set(recording.campaign, (counts.get(recording.campaign) ?? 0) + 1);
      const readable = db.campaigns.filter((campaign) => user.isAdmin || campaign.agents.includes(user.id));
      return HttpResponse.json(callCampaignChoices([...counts].map(([name, count]) => ({ name, count })), readable.map((campaign) => campaign.name)));
    }),

    api.get("/call-recordings/search", ({ query }) => {
      const rows = findRecordings(db.recordings, { search: query.text.trim() });
      return HttpResponse.json({ count: rows.length, rows: rows.slice(0, SEARCH_ROWS).map(toCallRecording) });
    }),

    api.get("/call-recordings/downloadCallRecording", (context) => {
      const { key, title } = context.query;
      const recording = db.recordings.find((candidate) => candidate.url === key);
      if (!recording) throw new HttpError(404, "No such recording");
      if (recording.audioRemovedAt !== null) throw new HttpError(410, AUDIO_REMOVED);
      const { user, record } = caller(context);
      const link = issueDownloadLink(db.recordingDownloads, { recordingId: recording.id, title, userId: user.id, sessionToken: record.token }, db.now());
      return HttpResponse.json({ data: new URL(`/api/call-recordings/file/${link.token}`, context.request.url).href });
    }),

    api.get("/call-recordings/file/{token}", ({ path, request }) => {
      const link = redeemDownloadLink(db.recordingDownloads, path.token, db.now());
      // A link ends with the session it was issued in (sign-out, expiry).
      if (!link || !liveSession(db.sessions, link.sessionToken)) return errorAnswer(401, INVALID_TOKEN);
      const recording = db.recordings.find((candidate) => candidate.id === link.recordingId);
      if (!recording) throw new HttpError(404, "The recording no longer exists");
      // A link issued before retention removed the audio ends with it.
      if (recording.audioRemovedAt !== null) throw new HttpError(404, AUDIO_REMOVED);
      const audio = demoAudio(recording.file);
      const size = audio.bytes.byteLength;
      const range = rangeOf(request.headers.get("range"), size);
      const common = { "Accept-Ranges": "bytes", "Cache-Control": "no-store" };
      if (range === null) return new Response(null, { status: 416, headers: { ...common, "Content-Range": contentRangeOf(null, size) } });
      const bytes = range ? audio.bytes.slice(range.start, range.end + 1) : audio.bytes;
      return new Response(bytes, {
        status: range ? 206 : 200,
        headers: {
          ...common,
          "Content-Type": audio.contentType,
          "Content-Length": String(bytes.byteLength),
          "Content-Disposition": attachmentDisposition(link.title),
          ...(range ? { "Content-Range": contentRangeOf(range, size) } : {}),
        },
      });
    }),
  ];
}
