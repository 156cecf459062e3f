// A practice feed file sent from the browser (openapi.yaml uploadFeedFile) is refused whole, before
// any run starts, for what would make the whole file fail: no feed (seen in the request's
// parameters, before its body is read), or a body that is empty, not UTF-8 text or whose header lacks
// a column of its feed's layout (seen as it is received: domain/import/uploadedText.ts). Both
// backends check these alike; the rows are then read as every other way in reads them (layouts.ts).
import type { FieldProblem } from "../../contract/errors.ts";
import { textProblem } from "../import/upload.ts";
import { headerOf, type TextFacts } from "../import/uploadedText.ts";
import { feedHeaderProblem } from "./layouts.ts";
import { FEEDS, type FeedName } from "./records.ts";
import { feedOfFileName } from "./summary.ts";

/** What the request says of the file, besides its bytes. */
export interface FeedUploadTarget {
  fileName: string;
  feed?: FeedName;
}

/** The feed of an upload: its own, or the one its file's name begins with. */
export const feedOfUpload = (upload: FeedUploadTarget): FeedName | undefined => upload.feed ?? feedOfFileName(upload.fileName, FEEDS);

export const notTextFeedFile = (name: string) => `${name} is not a text file: save the practice's export as CSV (UTF-8) and choose that file.`;

/** Why the upload cannot be imported whatever its bytes, by parameter. */
export function feedTargetProblems(upload: FeedUploadTarget): FieldProblem[] {
  return feedOfUpload(upload) ? [] : [{ field: "feed", message: `is required: the file's name does not begin with a feed (${FEEDS.join(", ")})` }];
}

/** Why the received file cannot be imported at all (the request's body), or none when its rows may be read. */
export function feedBodyProblems(upload: FeedUploadTarget, facts: TextFacts): FieldProblem[] {
  const problem = textProblem(upload.fileName, facts, notTextFeedFile) ?? feedHeaderProblem(feedOfUpload(upload)!, upload.fileName, headerOf(facts.head));
  return problem ? [{ field: "body", message: problem }] : [];
}

export const feedsImportRunning = "The practice feeds import is running already (here or on another server): try again when it has finished";

/** listFeedImports: the latest runs. */
export const FEED_RUNS_LISTED = 20;
