// What a run of "Import call recordings" started from the Crons modal did: while it runs and once
// it has ended, its counts, that it found nothing new, or the keys it could not read with why.
import type { RecordingsImport } from "../../../domain/recordings/importReport.ts";
import { formatDateTime } from "./memberFormat";

const STATUS_TEXT: Record<RecordingsImport["status"], string> = {
  running: "running",
  success: "finished",
  failure: "failed",
  skipped: "skipped",
};

export function RecordingsImportReport({ report }: { report: RecordingsImport }) {
  return (
    <section className="recordings-import" aria-labelledby="recordings-import-title" aria-busy={report.status === "running"}>
      <h4 id="recordings-import-title">
        Import call recordings, run of {formatDateTime(report.startedAt)}: {STATUS_TEXT[report.status]}
      </h4>
      <p role="status">{report.foundNothing ? "Found nothing new: the phone system wrote no recording since the last run." : report.message}</p>
      <dl className="recordings-import__counts">
        <div>
          <dt>Keys listed</dt>
          <dd>{report.rowsRead.toLocaleString("en-US")}</dd>
        </div>
        <div>
          <dt>Recordings added</dt>
          <dd>{report.rowsWritten.toLocaleString("en-US")}</dd>
        </div>
        <div>
          <dt>Keys refused</dt>
          <dd>{report.rowsRejected.toLocaleString("en-US")}</dd>
        </div>
      </dl>
      {report.refusals.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption>
              Keys it could not read{report.rowsRejected > report.refusals.length ? ` (the first ${report.refusals.length.toLocaleString("en-US")})` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {report.refusals.map((refusal) => (
                <tr key={refusal.key}>
                  <td className="recordings-import__key">{refusal.key}</td>
                  <td>{refusal.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
