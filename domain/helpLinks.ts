// Help items' file links (openapi.yaml HelpItem.fileLinks): comma-separated, stored as given or as
// paths on the app's own origin (the demo files), answered as absolute URLs resolved against the
// origin the caller reached the backend on, so an item read can be written back as is.

/** Each comma-separated link resolved against `base`; absolute URLs stay as they are. */
export function absoluteLinks(links: string, base: string): string {
  if (links === "") return "";
  return links
    .split(",")
    .map((link) => (URL.canParse(link, base) ? new URL(link, base).href : link))
    .join(",");
}
