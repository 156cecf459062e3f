// No silent overwrite (docs/architecture.md, Agents as a team): every member carries a version
// that each result or note save bumps, and each kind of save remembers the version it made, so a
// save that sends the version its agent saw is refused only when a save of the same kind landed
// after it. A colleague's note never makes a result stale, nor a result a note.
import type { components } from "../../contract/schema";
import { errorBody, invalidRequest, type HttpError } from "../../contract/errors.ts";

type Schemas = components["schemas"];

export type SaveKind = "result" | "notes";

export interface MemberVersions {
  /** Every save of the member so far, plus 1 (openapi.yaml MemberVersion). */
  version: number;
  /** The version the latest result save made; 0 when none was saved since versions began. */
  resultVersion: number;
  /** The version the latest note save made; 0 likewise. */
  notesVersion: number;
}

/** A member no one has saved since versions began: the demo world's, an imported one. */
export const FIRST_VERSIONS: MemberVersions = { version: 1, resultVersion: 0, notesVersion: 0 };

/**
 * What to do with a save that saw version `seen` (undefined: it sent none):
 * `save`, `stale` (409: a save of the same kind landed after it) or `future` (400: no such version yet).
 */
export function judgeSave(seen: number | undefined, kind: SaveKind, versions: MemberVersions): "save" | "stale" | "future" {
  if (seen === undefined) return "save";
  if (seen > versions.version) return "future";
  const lastOfKind = kind === "result" ? versions.resultVersion : versions.notesVersion;
  return seen < lastOfKind ? "stale" : "save";
}

/** The member's versions once a save of `kind` is written. */
export function afterSave(kind: SaveKind, { version, resultVersion, notesVersion }: MemberVersions): MemberVersions {
  const next = version + 1;
  return kind === "result" ? { version: next, resultVersion: next, notesVersion } : { version: next, resultVersion, notesVersion: next };
}

/** The 400 of a version the member has not reached. */
export function futureVersion(versions: MemberVersions): HttpError {
  return invalidRequest([{ field: "version", message: `is newer than the member's version (${versions.version})` }]);
}

export const STALE_RESULT = "Someone else saved this member's result after the version you saw.";
export const STALE_NOTE = "Someone else saved a note on this member after the version you saw.";

/** The 409 of a stale result save: the contract's Error and the member's result now. */
export function resultConflict(current: Schemas["CurrentResult"]): Schemas["ResultConflict"] {
  return { ...errorBody(409, STALE_RESULT), current };
}

/** The 409 of a stale note save: the contract's Error and the member's note now. */
export function noteConflict(current: Schemas["CurrentNote"]): Schemas["NoteConflict"] {
  return { ...errorBody(409, STALE_NOTE), current };
}
