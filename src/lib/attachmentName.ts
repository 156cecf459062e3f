/** `attachment; filename="Members-2026-11-24.csv"` → the file name, or `fallback` without one. */
export function attachmentName(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;
}
