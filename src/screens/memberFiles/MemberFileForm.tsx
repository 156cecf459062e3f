// Choosing the file and its payer (read from the file's name when it begins with one).
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import { BRANDS } from "../../../domain/vocabulary.ts";
import type { Brand } from "../../machines/memberImport/memberImport.machine";
import * as memberImport from "../../machines/memberImport/memberImport.selectors";
import type { MemberImportActor } from "../../machines/memberImport/memberImport.machine";

export function MemberFileForm({ actor }: { actor: MemberImportActor }) {
  const file = useSelector(actor, memberImport.selectFile);
  const brand = useSelector(actor, memberImport.selectBrand);
  const refusal = useSelector(actor, memberImport.selectRefusal);
  const canStart = useSelector(actor, memberImport.selectCanStart);
  const id = useId();
  const start = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "memberImport.start" });
  };

  return (
    <form className="dialog-form admin-upload" onSubmit={start} noValidate>
      {refusal ? (
        <p role="alert" className="alert alert--error">
          {refusal}
        </p>
      ) : null}
      <div className="dialog-field">
        <label htmlFor={`${id}-file`}>Member file (CSV)</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => actor.send({ type: "memberImport.file.choose", file: event.target.files?.[0] ?? null })}
        />
      </div>
      <div className="dialog-field admin-upload__payer">
        <label htmlFor={`${id}-brand`}>Payer</label>
        <select id={`${id}-brand`} value={brand} disabled={!file} onChange={(event) => actor.send({ type: "memberImport.brand.change", brand: event.target.value as Brand | "" })}>
          <option value="">Choose the payer…</option>
          {BRANDS.map((option) => (
            <option key={option} value={option}>
              {option.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className="button button--primary" aria-disabled={!canStart}>
          Import
        </button>
      </div>
    </form>
  );
}
