// §5 "Help file lists keep only .mp4 files for Video and only .pdf files for PDF"; §3 a help
// item's fileLinks are comma-separated.
export type HelpFileKind = "video" | "pdf";

const EXTENSION: Record<HelpFileKind, string> = { video: ".mp4", pdf: ".pdf" };

/** The links of one kind, judged by the file name's extension (a query string does not count). */
export function helpFilesOf(fileLinks: string, kind: HelpFileKind): string[] {
  return fileLinks
    .split(",")
    .map((link) => link.trim())
    .filter((link) => link !== "" && link.split(/[?#]/)[0]!.toLowerCase().endsWith(EXTENSION[kind]));
}
