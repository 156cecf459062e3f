// Export CSV for a screen: the button, then while the server streams the file its progress (rows
// received of the rows announced) with Cancel, then what became of it. The export machine runs
// the workflow; this renders it. Used by the members list and the table reports.
import { useSelector } from "@xstate/react";
import { useServices } from "../../app/ServicesContext";
import { useAppActor } from "../../app/useAppActor";
import type { ExportRequest } from "../../machines/export/export.machine";
import { selectExportFailure, selectExportFileName, selectExportProgress, selectExportStatus } from "../../machines/export/export.selectors";
import "./exportCsv.css";

const count = new Intl.NumberFormat("en-US");

interface ExportCsvProps {
  /** The export of the screen's current filters, asked when the button is pressed. */
  request: () => ExportRequest;
  disabled?: boolean;
  label?: string;
}

export function ExportCsv({ request, disabled = false, label = "Export CSV" }: ExportCsvProps) {
  const { exportCsv } = useServices();
  const actor = useAppActor(exportCsv);
  const status = useSelector(actor, selectExportStatus);
  const progress = useSelector(actor, selectExportProgress);
  const fileName = useSelector(actor, selectExportFileName);
  const failure = useSelector(actor, selectExportFailure);
  const dismiss = () => actor.send({ type: "export.dismiss" });

  return (
    <div className="export-csv">
      <button
        type="button"
        className="button button--primary"
        disabled={disabled || status === "exporting"}
        onClick={() => actor.send({ type: "export.start", request: request() })}
      >
        {label}
      </button>
      <div role="status" className="export-csv__status">
        {status === "exporting" ? (
          <>
            <progress max={1} value={progress.share ?? undefined} aria-label="Export progress" />
            <span>
              Exporting… {count.format(progress.rows)}
              {progress.total !== null ? ` of ${count.format(progress.total)}` : ""} {(progress.total ?? progress.rows) === 1 ? "row" : "rows"}
            </span>
            <button type="button" className="button" onClick={() => actor.send({ type: "export.cancel" })}>
              Cancel export
            </button>
          </>
        ) : status === "saved" ? (
          <>
            <span>
              Saved {fileName} ({count.format(progress.rows)} {progress.rows === 1 ? "row" : "rows"}).
            </span>
            <button type="button" className="button button--link" onClick={dismiss}>
              Dismiss
            </button>
          </>
        ) : status === "cancelled" ? (
          <>
            <span>Export cancelled: nothing was saved.</span>
            <button type="button" className="button button--link" onClick={dismiss}>
              Dismiss
            </button>
          </>
        ) : status === "failed" ? (
          <>
            <span className="export-csv__failure">The export failed{failure ? `: ${failure.message}` : "."}</span>
            <button type="button" className="button button--link" onClick={dismiss}>
              Dismiss
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
