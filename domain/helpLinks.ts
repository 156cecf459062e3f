// Help items' file links (openapi.yaml HelpItem.fileLinks): comma-separated, stored as given or as
// paths on the app's own origin (the demo files), answered as absolute URLs resolved against the
// origin the caller reached the backend on, so an item read can be written back as is. A link
// written must be a URL, not only look like one (the contract's pattern admits `http://[`): both
// backends check it before they write anything.
import type { FieldProblem } from "../contract/errors.ts";

export const NOT_A_LINK = "must list http(s) URLs separated by commas";

/** The problem of a written `fileLinks`, if any link in it is no http(s) URL with a host. */
export function fileLinksProblems(links: string): FieldProblem[] {
  if (links === "") return [];
  const valid = links.split(",").every((link) => {
    const url = URL.canParse(link) ? new URL(link) : undefined;
    return url !== undefined && (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  });
  return valid ? [] : [{ field: "fileLinks", message: NOT_A_LINK }];
}

/** Each comma-separated link resolved against `base`; absolute URLs stay as they are. */
export function absoluteLinks(links: string, base: string): string {
  if (links === "") return "";
  return links
    .split(",")
    .map((link) => (URL.canParse(link, base) ? new URL(link, base).href : link))
    .join(",");
}
