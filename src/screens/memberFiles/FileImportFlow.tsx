// One file imported from the browser, whatever its kind: the form while choosing, the progress while
// the server reads the file, then the report.
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { FileImport, FileImportActor } from "../../machines/fileImport/fileImport.machine";
import * as fileImport from "../../machines/fileImport/fileImport.selectors";
import { FileImportForm } from "./FileImportForm";
import type { HeadingLevel } from "./Heading";
import { ImportProgress } from "./ImportProgress";
import { ImportReport } from "./ImportReport";
import type { UploadWording } from "./uploadWording";

interface FileImportFlowProps {
  actor: FileImportActor;
  wording: UploadWording;
  level: HeadingLevel;
  note?: (run: FileImport) => ReactNode;
}

export function FileImportFlow({ actor, wording, level, note }: FileImportFlowProps) {
  const choosing = useSelector(actor, fileImport.selectChoosing);
  const finished = useSelector(actor, fileImport.selectFinished);
  const run = useSelector(actor, fileImport.selectRun);
  return (
    <>
      {choosing ? <FileImportForm actor={actor} wording={wording} /> : null}
      {run && !finished ? <ImportProgress actor={actor} level={level} /> : null}
      {finished ? <ImportReport actor={actor} wording={wording} level={level} {...(note ? { note } : {})} /> : null}
    </>
  );
}
