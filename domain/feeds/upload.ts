// A practice feed file sent from the browser (openapi.yaml uploadFeedFile) is refused whole, before
// any run starts, for what would make the whole file fail: no feed, a text that is empty or not
// UTF-8, or a header missing a column of its feed's layout. Both backends check these alike; the
// rows are then read as every other way in reads them (layouts.ts).
import type { FieldProblem } from "../../contract/errors.ts";
import { headerOf } from "../import/upload.ts";
import { feedHeaderProblem } from "./layouts.ts";
import { FEEDS, type FeedName } from "./records.ts";
import { feedOfFileName } from "./summary.ts";

export interface FeedUpload {
  fileName: string;
  feed?: FeedName;
  content: string;
}

/** The feed of an upload: its own, or the one its file's name begins with. */
export const feedOfUpload = (upload: Pick<FeedUpload, "fileName" | "feed">): FeedName | undefined => upload.feed ?? feedOfFileName(upload.fileName, FEEDS);

export const emptyFeedFile = (name: string) => `${name} is empty`;
export const notTextFeedFile = (name: string) => `${name} is not a text file: save the practice's export as CSV (UTF-8) and choose that file.`;

/** A file with nothing in it, or one whose bytes were not UTF-8 (decoded to U+FFFD) or hold a NUL. */
export function feedContentProblem({ fileName, content }: Pick<FeedUpload, "fileName" | "content">): string | undefined {
  if (!/\S/.test(content)) return emptyFeedFile(fileName);
  // eslint-disable-next-line no-control-regex -- NUL is the one control character that marks a binary file
  if (/[\uFFFD\u0000]/.test(content)) return notTextFeedFile(fileName);
  return undefined;
}

/** Why the upload cannot be imported at all, by field; none when its rows may be read. */
export function feedUploadProblems(upload: FeedUpload): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const feed = feedOfUpload(upload);
  if (!feed) problems.push({ field: "feed", message: `is required: the file's name does not begin with a feed (${FEEDS.join(", ")})` });
  const content = feedContentProblem(upload);
  if (content) problems.push({ field: "content", message: content });
  else if (feed) {
    const header = feedHeaderProblem(feed, upload.fileName, headerOf(upload.content));
    if (header) problems.push({ field: "content", message: header });
  }
  return problems;
}

export const feedsImportRunning = "The practice feeds import is running already (here or on another server): try again when it has finished";

/** listFeedImports: the latest runs. */
export const FEED_RUNS_LISTED = 20;
