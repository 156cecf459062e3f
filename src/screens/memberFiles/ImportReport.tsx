// An import that has ended: its outcome as the Crons modal logs it, and every refused row it
// reports (the first 1,000 by line) with why.
import { useSelector } from "@xstate/react";
import * as memberImport from "../../machines/memberImport/memberImport.selectors";
import type { MemberImportActor } from "../../machines/memberImport/memberImport.machine";
import { RejectedRows } from "./RejectedRows";

const count = (value: number) => value.toLocaleString("en-US");

export function ImportReport({ actor }: { actor: MemberImportActor }) {
  const run = useSelector(actor, memberImport.selectRun);
  const { shown, more } = useSelector(actor, memberImport.selectRejections);
  if (!run) return null;
  const succeeded = run.status === "success";
  return (
    <div className="admin-report">
      <h2>{succeeded ? `${run.file} was imported` : `${run.file} was not imported`}</h2>
      <p role="status" className={`alert ${succeeded ? "admin-page__notice" : "alert--error"}`}>
        {run.message}
      </p>
      <p>
        {count(run.rowsRead)} rows read: {count(run.rowsWritten)} imported, {count(run.rowsRejected)} refused. The run is in the Crons list of
        the members list as Import {run.brand.toUpperCase()} members.
      </p>
      <RejectedRows shown={shown} more={more} />
      <button type="button" className="button button--primary" onClick={() => actor.send({ type: "memberImport.again" })}>
        Import another file
      </button>
    </div>
  );
}
