// An import that has ended: its outcome as the Crons modal logs it, what the kind adds of it, the
// way to the next file, and every refused row it reports (the first 1,000 by line) with why.
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { FileImport, FileImportActor } from "../../machines/fileImport/fileImport.machine";
import * as fileImport from "../../machines/fileImport/fileImport.selectors";
import { Heading, type HeadingLevel } from "./Heading";
import { RejectedRows } from "./RejectedRows";
import type { UploadWording } from "./uploadWording";

interface ImportReportProps {
  actor: FileImportActor;
  wording: UploadWording;
  level: HeadingLevel;
  /** What else the kind says of an ended run. */
  note?: (run: FileImport) => ReactNode;
}

export function ImportReport({ actor, wording, level, note }: ImportReportProps) {
  const run = useSelector(actor, fileImport.selectRun);
  const { shown, more } = useSelector(actor, fileImport.selectRejections);
  if (!run) return null;
  const succeeded = run.status === "success";
  return (
    <div className="admin-report">
      <Heading level={level}>{succeeded ? `${run.file} was imported` : `${run.file} was not imported`}</Heading>
      <p role="status" className={`alert ${succeeded ? "admin-page__notice" : "alert--error"}`}>
        {run.message}
      </p>
      {note?.(run)}
      {/* Above the refused rows: up to 1,000 of them must not stand between the administrator and the next file. */}
      <button type="button" className="button button--primary" onClick={() => actor.send({ type: "fileImport.again" })}>
        {wording.again}
      </button>
      <RejectedRows shown={shown} more={more} />
    </div>
  );
}
