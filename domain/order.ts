// Text order of every sorted answer: by code point, as PostgreSQL's "C" collation orders (the server
// sorts with `collate "C"`), so both backends agree without depending on a locale.

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
