// Export CSV for a screen: the button, then while the server streams the file its progress (rows
// received of the rows announced) with Cancel, then what became of it. The export machine runs
// the workflow (its actor comes from src/app); this renders it. Used by the members list and the
// table reports, each giving the request its selectors make of what the screen shows.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { ExportRequest, exportMachine } from "../../machines/export/export.machine";
import { selectExportFailure, selectExportFileName, selectExportProgress, selectExportStatus } from "../../machines/export/export.selectors";
import "./exportCsv.css";

export type ExportActor = ActorRefFrom<typeof exportMachine>;

const count = new Intl.NumberFormat("en-US");
const rows = (n: number) => (n === 1 ? "row" : "rows");

interface ExportCsvButtonProps {
  actor: ExportActor;
  /** The export of what the screen shows; null while there is nothing to export (the button is disabled). */
  request: ExportRequest | null;
  label?: string;
}

export function ExportCsvButton({ actor, request, label = "Export CSV" }: ExportCsvButtonProps) {
  const status = useSelector(actor, selectExportStatus);
  return (
    <div className="export-csv">
      <button
        type="button"
        className="button button--primary"
        disabled={request === null || status === "exporting"}
        onClick={() => request && actor.send({ type: "export.start", request })}
      >
        {label}
      </button>
      <div role="status" className="export-csv__status">
        <ExportOutcome actor={actor} />
      </div>
    </div>
  );
}

/** The export under way with its Cancel, or what became of the last one with its Dismiss. */
function ExportOutcome({ actor }: { actor: ExportActor }) {
  const status = useSelector(actor, selectExportStatus);
  const progress = useSelector(actor, selectExportProgress);
  const fileName = useSelector(actor, selectExportFileName);
  const failure = useSelector(actor, selectExportFailure);
  const dismiss = (
    <button type="button" className="button button--link" onClick={() => actor.send({ type: "export.dismiss" })}>
      Dismiss
    </button>
  );
  switch (status) {
    case "exporting":
      return (
        <>
          <progress max={1} value={progress.share ?? undefined} aria-label="Export progress" />
          <span>
            Exporting… {count.format(progress.rows)}
            {progress.total !== null ? ` of ${count.format(progress.total)}` : ""} {rows(progress.total ?? progress.rows)}
          </span>
          <button type="button" className="button" onClick={() => actor.send({ type: "export.cancel" })}>
            Cancel export
          </button>
        </>
      );
    case "saved":
      return (
        <>
          <span>
            Saved {fileName} ({count.format(progress.rows)} {rows(progress.rows)}).
          </span>
          {dismiss}
        </>
      );
    case "cancelled":
      return (
        <>
          <span>Export cancelled: nothing was saved.</span>
          {dismiss}
        </>
      );
    case "failed":
      return (
        <>
          <span className="export-csv__failure">The export failed{failure ? `: ${failure.message}` : "."}</span>
          {dismiss}
        </>
      );
    default:
      return null;
  }
}
