// The report of a run of "Import call recordings" (openapi.yaml getRecordingsImport), as both
// backends answer it: a run found nothing when it ended having listed no new key; each refused key
// is kept in the run's log as "<key>: <why>", which gives back the key and its reason.
import type { components } from "../../contract/schema";

export type RecordingsImport = components["schemas"]["RecordingsImport"];
export type RecordingRefusal = components["schemas"]["RecordingRefusal"];
type RunStatus = RecordingsImport["status"];

/** openapi.yaml RecordingsImport.refusals: the first 1,000. */
export const REFUSALS_SHOWN = 1000;

export const foundNothing = (status: RunStatus, rowsRead: number) => status === "success" && rowsRead === 0;

/** A refused key's line of the run's log ("<key>: <why>") as its key and reason. Keys of the layouts hold no ": ". */
export function refusalOfLogLine(line: string): RecordingRefusal {
  const at = line.indexOf(": ");
  return at < 0 ? { key: line, reason: "" } : { key: line.slice(0, at), reason: line.slice(at + 2) };
}

/** The line of the run's log that keeps a refused key. */
export const logLineOfRefusal = ({ key, reason }: RecordingRefusal) => `${key}: ${reason}`;
