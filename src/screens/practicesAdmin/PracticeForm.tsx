// A practice added or changed: its name, abbreviation, region and payers. Save stays off until the
// name and a valid abbreviation are there; an abbreviation in use is refused by the server, here.
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import { BRANDS } from "../../../domain/vocabulary.ts";
import { Modal } from "../../components/Modal";
import { failureText } from "../../machines/adminFailure";
import type { PracticeDraft, Region } from "../../machines/practicesAdmin/practicesAdmin.machine";
import * as admin from "../../machines/practicesAdmin/practicesAdmin.selectors";
import type { PracticesAdminActor } from "../../machines/practicesAdmin/practicesAdmin.machine";

export function PracticeForm({ actor, draft }: { actor: PracticesAdminActor; draft: PracticeDraft }) {
  const regions = useSelector(actor, admin.selectRegions);
  const failure = useSelector(actor, admin.selectFormFailure);
  const saving = useSelector(actor, admin.selectSaving);
  const canSave = useSelector(actor, admin.selectCanSave);
  const id = useId();
  const named = new Set(failure?.fields ?? []);
  const cancel = () => actor.send({ type: "practices.cancel" });
  const save = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "practices.save" });
  };
  const change = (field: "practice" | "practiceabbr", value: string) => actor.send({ type: "practices.draft.change", field, value });

  return (
    <Modal
      title={draft.id === null ? "Add a practice" : `Edit ${draft.practiceabbr}`}
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" form={id} className="button button--primary" aria-disabled={!canSave}>
            {saving ? "Saving…" : "Save"}
          </button>
        </>
      }
    >
      <form id={id} className="dialog-form" onSubmit={save} noValidate aria-busy={saving}>
        {failure ? (
          <p role="alert" className="alert alert--error">
            {failureText(failure)}
          </p>
        ) : null}
        <div className="dialog-field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} type="text" required value={draft.practice} disabled={saving} aria-invalid={named.has("practice") || undefined} onChange={(event) => change("practice", event.target.value)} />
        </div>
        <div className="dialog-field">
          <label htmlFor={`${id}-abbr`}>Abbreviation (letters, digits and dashes, as the payers&apos; files write it)</label>
          <input id={`${id}-abbr`} type="text" required maxLength={20} value={draft.practiceabbr} disabled={saving} aria-invalid={named.has("practiceabbr") || undefined} onChange={(event) => change("practiceabbr", event.target.value.toUpperCase())} />
        </div>
        <div className="dialog-field">
          <label htmlFor={`${id}-region`}>Region</label>
          {regions.length === 0 ? (
            <p id={`${id}-region`} className="muted">
              There are no regions yet: add one under Regions first.
            </p>
          ) : (
            <select id={`${id}-region`} value={draft.region} disabled={saving} aria-invalid={named.has("region") || undefined} onChange={(event) => actor.send({ type: "practices.draft.region", region: event.target.value as Region })}>
              {regions.map((region) => (
                <option key={region.name} value={region.name}>
                  {region.title === region.name ? region.name : `${region.name} — ${region.title}`}
                </option>
              ))}
            </select>
          )}
        </div>
        <fieldset className="dialog-fieldset">
          <legend>Payers whose member lists it receives</legend>
          <div className="admin-form__brands">
            {BRANDS.map((brand) => (
              <label key={brand}>
                <input type="checkbox" checked={draft.brands.includes(brand)} disabled={saving} onChange={() => actor.send({ type: "practices.draft.brand.toggle", brand })} />
                {brand.toUpperCase()}
              </label>
            ))}
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}
