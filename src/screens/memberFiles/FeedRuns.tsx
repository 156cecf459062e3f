// The latest runs of the practice feeds import: loading, none yet, or why they could not be read.
import { useSelector } from "@xstate/react";
import type { FileImportActor } from "../../machines/fileImport/fileImport.machine";
import * as fileImport from "../../machines/fileImport/fileImport.selectors";
import { formatDateTime } from "../members/memberFormat";

export function FeedRuns({ actor }: { actor: FileImportActor }) {
  const runs = useSelector(actor, fileImport.selectRuns);
  const loading = useSelector(actor, fileImport.selectLoading);
  const loadFailed = useSelector(actor, fileImport.selectLoadFailed);
  if (loadFailed) {
    return (
      <div className="dialog-problem">
        <p role="alert" className="alert alert--error">
          The latest feed imports could not be read: {loadFailed}
        </p>
        <button type="button" className="button" onClick={() => actor.send({ type: "fileImport.retry" })}>
          Try again
        </button>
      </div>
    );
  }
  if (loading && runs.length === 0) return <p role="status">Loading the latest feed imports…</p>;
  if (runs.length === 0) return <p className="muted">No practice feed has been imported yet.</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>Latest feed imports</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Feed</th>
            <th scope="col">File</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>{formatDateTime(run.startedAt)}</td>
              <td>{run.feed ?? "inbox"}</td>
              <td>{run.file}</td>
              <td>{run.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
