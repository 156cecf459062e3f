// Choosing the file and its target (the payer or the feed, read from the file's name when it
// begins with one).
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import type { FileImportActor } from "../../machines/fileImport/fileImport.machine";
import * as fileImport from "../../machines/fileImport/fileImport.selectors";
import type { UploadWording } from "./uploadWording";

export function FileImportForm({ actor, wording }: { actor: FileImportActor; wording: UploadWording }) {
  const file = useSelector(actor, fileImport.selectFile);
  const target = useSelector(actor, fileImport.selectTarget);
  const refusal = useSelector(actor, fileImport.selectRefusal);
  const canStart = useSelector(actor, fileImport.selectCanStart);
  const id = useId();
  const start = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "fileImport.start" });
  };

  return (
    <form className="dialog-form admin-upload" onSubmit={start} noValidate>
      {refusal ? (
        <p role="alert" className="alert alert--error">
          {refusal}
        </p>
      ) : null}
      <div className="dialog-field">
        <label htmlFor={`${id}-file`}>{wording.fileLabel}</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(event) => actor.send({ type: "fileImport.file.choose", file: event.target.files?.[0] ?? null })} />
      </div>
      <div className="dialog-field admin-upload__payer">
        <label htmlFor={`${id}-target`}>{wording.targetLabel}</label>
        <select id={`${id}-target`} value={target} disabled={!file} onChange={(event) => actor.send({ type: "fileImport.target.change", target: event.target.value })}>
          <option value="">{wording.chooseTarget}</option>
          {wording.targets.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className="button button--primary" aria-disabled={!canStart}>
          {wording.start}
        </button>
      </div>
    </form>
  );
}
