// §2 Call Recordings: filters campaign, date range and text search; the recordings with their
// date, phone, mail, practice and size, each with Download; page size and pagination. Beyond the
// specification, each recording plays in the page (one at a time) in the player above the table.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { DataTable, type Column } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { Pagination } from "../../components/Pagination";
import { SearchForm } from "../../components/SearchForm";
import { ALL_CAMPAIGNS, type callRecordingsMachine } from "../../machines/callRecordings/callRecordings.machine";
import * as calls from "../../machines/callRecordings/callRecordings.selectors";
import { sameExportRequest } from "../../machines/export/export.selectors";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";
import { DateRangeFilter } from "./DateRangeFilter";
import { RecordingPlayer, type PlayerActor } from "./RecordingPlayer";
import { selectPlayerRecording, selectWillPlay } from "../../machines/recordingPlayer/recordingPlayer.selectors";
import "./callRecordings.css";

type CallRecordingsActor = ActorRefFrom<typeof callRecordingsMachine>;

interface CallRecordingsScreenProps {
  actor: CallRecordingsActor;
  player: PlayerActor;
  exporter: ExportActor;
}

export function CallRecordingsScreen({ actor, player, exporter }: CallRecordingsScreenProps) {
  const loading = useSelector(actor, calls.selectLoading);
  const rows = useSelector(actor, calls.selectRows);
  const count = useSelector(actor, calls.selectCount);
  const page = useSelector(actor, calls.selectPage);
  const pageSize = useSelector(actor, calls.selectPageSize);
  const pageCount = useSelector(actor, calls.selectPageCount);
  const downloading = useSelector(actor, calls.selectDownloading);
  const current = useSelector(player, selectPlayerRecording);
  const willPlay = useSelector(player, selectWillPlay);
  const exportRequest = useSelector(actor, calls.selectCallRecordingsExport, sameExportRequest);

  return (
    <section className="page call-recordings" aria-labelledby="page-title">
      <PageHeader title="Call Recordings">
        <ExportCsvButton actor={exporter} request={exportRequest} />
      </PageHeader>
      <CallRecordingsFilters actor={actor} />
      <RecordingsOfNotice actor={actor} />
      <RecordingPlayer actor={player} />
      <div aria-busy={loading} className={loading ? "call-recordings__table call-recordings__table--loading" : "call-recordings__table"}>
        <DataTable
          caption={loading ? "Call recordings (loading…)" : `Call recordings: ${count} found`}
          columns={recordingColumns(actor, downloading, playButton(player, current?.id, willPlay))}
          rows={rows}
          rowKey={(row) => row.recording.id}
          empty={loading ? "Loading call recordings…" : "No call recordings found."}
        />
      </div>
      <Pagination
        label="Call recordings pages"
        page={page}
        pageCount={pageCount}
        pageSize={pageSize}
        onPage={(next) => actor.send({ type: "callRecordings.page.change", page: next })}
        onPageSize={(size) => actor.send({ type: "callRecordings.pageSize.change", pageSize: size })}
      />
    </section>
  );
}

/** What a row whose audio retention removed shows instead of Download (and Play: nothing). */
const AudioRemoved = () => <span className="call-recordings__removed">Audio removed</span>;

/** A row's Play button: Pause on the recording that plays. */
const playButton = (player: PlayerActor, currentId: number | undefined, willPlay: boolean) => (row: calls.RecordingRow) => {
  const { recording } = row;
  if (row.audioRemoved) return null;
  const pauses = recording.id === currentId && willPlay;
  return (
    <button
      type="button"
      className="button"
      aria-label={`${pauses ? "Pause" : "Play"} ${recording.name}`}
      onClick={() =>
        player.send(pauses ? { type: "player.pause" } : recording.id === currentId ? { type: "player.resume" } : { type: "player.play", recording })
      }
    >
      {pauses ? "Pause" : "Play"}
    </button>
  );
};

function recordingColumns(actor: CallRecordingsActor, downloading: boolean, play: Column<calls.RecordingRow>["cell"]): Column<calls.RecordingRow>[] {
  return [
    { key: "date", header: "Date" },
    { key: "phone", header: "Phone" },
    { key: "mail", header: "Mail" },
    { key: "practice", header: "Practice" },
    { key: "size", header: "Size", align: "end" },
    {
      key: "download",
      header: "Download",
      cell: (row) =>
        row.audioRemoved ? (
          <AudioRemoved />
        ) : (
        <button
          type="button"
          className="button"
          disabled={downloading}
          aria-label={`Download ${row.recording.name}`}
          onClick={() => actor.send({ type: "callRecordings.download", recording: row.recording })}
        >
          Download
        </button>
      ),
    },
    // After the specification's columns, which keep their order.
    { key: "play", header: "Play", cell: play },
  ];
}

/** Says whose recordings only are shown (opened from a member's history or an agent's day), with the way back to everyone's. */
function RecordingsOfNotice({ actor }: { actor: CallRecordingsActor }) {
  const of = useSelector(actor, calls.selectRecordingsOf);
  if (!of) return null;
  return (
    <p className="call-recordings__of" role="status">
      {`Only the recordings of ${of.label}`}{" "}
      <button type="button" className="button button--link" onClick={() => actor.send({ type: "callRecordings.of.clear" })}>
        Show every recording
      </button>
    </p>
  );
}

function CallRecordingsFilters({ actor }: { actor: CallRecordingsActor }) {
  const campaigns = useSelector(actor, calls.selectCampaigns);
  const campaign = useSelector(actor, calls.selectCampaign);
  const searchDraft = useSelector(actor, calls.selectSearchDraft);
  return (
    <div className="filters">
      <label>
        Campaign
        <select value={campaign} onChange={(event) => actor.send({ type: "callRecordings.campaign.change", campaign: event.target.value })}>
          <option value={ALL_CAMPAIGNS}>All campaigns</option>
          {campaigns.map((option) => (
            <option key={option.name} value={option.name}>
              {option.name} ({option.count})
            </option>
          ))}
        </select>
      </label>
      <DateRangeFilter actor={actor} />
      <SearchForm
        label="Search"
        value={searchDraft}
        placeholder="Phone, agent e-mail or file"
        onChange={(value) => actor.send({ type: "callRecordings.search.change", value })}
        onSubmit={() => actor.send({ type: "callRecordings.search.submit" })}
      />
    </div>
  );
}
