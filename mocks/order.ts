// Text order of every sorted answer of the fake backend: by code point, as PostgreSQL's "C"
// collation orders, so the mock and the server agree without depending on a locale.

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
