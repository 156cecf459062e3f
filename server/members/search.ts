// Search of the members list (specification §5; openapi.yaml getMembersTableData `search`) with the
// fake backend's meaning (searchTerms.ts: fuse.js at threshold 0.1 over the names, ids, phone and
// birth date; a phone typed as digits; a full date finds that birth date exactly).
//
// Threshold 0.1 lets a text of n characters match with at most floor(n / 10) errors. Texts under
// ten characters must appear exactly: a trigram-indexed LIKE on the member's `search_text` (every
// searched value, lower case, in one column; migration 0010) is the whole answer. Longer texts
// allow k errors, and a match with k errors leaves one of k + 1 pieces of the text unchanged
// (pigeonhole): the pieces' LIKE finds the candidates through the same index, and fuse.js, with
// the mock's options, decides among them, so the server and the mock always agree.
import { sql, type RawBuilder } from "kysely";
import Fuse from "fuse.js";
import { FUSE_OPTIONS, PHONE_KEYS, SEARCH_THRESHOLD, searchTermsOf, toSearchDoc, type SearchKey } from "./searchTerms.ts";

/** Between the values of `search_text` (migration 0010): a text holding it matches no value. */
const SEPARATOR = "\u0001";
/** fuse.js's bitap matcher works on chunks of at most 32 characters; any chunk matching is a match. */
const FUSE_MAX_PATTERN = 32;

/** The most errors fuse.js accepts in a text of that length (its score is errors / length). */
export function allowedErrors(length: number): number {
  let errors = 0;
  while ((errors + 1) / length <= SEARCH_THRESHOLD) errors += 1;
  return errors;
}

/** The chunks fuse.js matches separately, as its bitap search cuts a long text. */
function fuseChunks(pattern: string): string[] {
  if (pattern.length <= FUSE_MAX_PATTERN) return [pattern];
  const chunks: string[] = [];
  const whole = pattern.length - (pattern.length % FUSE_MAX_PATTERN);
  for (let start = 0; start < whole; start += FUSE_MAX_PATTERN) chunks.push(pattern.slice(start, start + FUSE_MAX_PATTERN));
  if (whole < pattern.length) chunks.push(pattern.slice(-FUSE_MAX_PATTERN));
  return chunks;
}

/** k + 1 consecutive pieces of a chunk that allows k errors: a match keeps one of them intact. */
function piecesOf(chunk: string): string[] {
  const parts = allowedErrors(chunk.length) + 1;
  return Array.from({ length: parts }, (_, index) =>
    chunk.slice(Math.floor((index * chunk.length) / parts), Math.floor(((index + 1) * chunk.length) / parts)),
  );
}

/**
 * Whether `text` holds a substring within `errors` edits of `pattern` (Sellers' algorithm). fuse.js
 * accepts no match that this refuses (its errors are edits too), so it is a safe, fast first check.
 */
export function holdsWithin(text: string, pattern: string, errors: number): boolean {
  const length = pattern.length;
  const column = new Int32Array(length + 1);
  for (let index = 0; index <= length; index += 1) column[index] = index;
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charCodeAt(at);
    let diagonal = 0; // row 0: a match may start anywhere
    let left = 0;
    for (let index = 1; index <= length; index += 1) {
      const above = column[index]!;
      const cost = diagonal + (pattern.charCodeAt(index - 1) === char ? 0 : 1);
      left = Math.min(cost, above + 1, left + 1);
      column[index] = left;
      diagonal = above;
    }
    if (left <= errors) return true;
  }
  return column[length]! <= errors;
}

const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The searched values of a member as the candidates query returns them. */
export interface SearchedValues {
  id: number;
  first_name: string;
  middle_name: string;
  last_name: string;
  subscriber_id: string;
  pat_num: string;
  phone: string;
  date_of_birth: string;
}

export interface MemberSearch {
  /** Every member the text finds satisfies this (and, when `exact`, only those). */
  where: RawBuilder<boolean>;
  /** False: `where` finds candidates; `keep` then tells which of them the text finds. */
  exact: boolean;
  keep: (candidates: readonly SearchedValues[]) => number[];
}

const NOTHING = sql<boolean>`false`;

/** A text term with the pieces of which every value it matches holds one (all of it when no error is allowed). */
interface FuzzyTerm {
  pattern: string;
  keys: readonly SearchKey[];
  pieces: string[];
  /** fuse.js matches any chunk of the text (lower case) with up to its allowed errors. */
  chunks: string[];
}

/** What a search text finds, or undefined when it is blank (no search). */
export function memberSearch(text: string): MemberSearch | undefined {
  const terms = searchTermsOf(text);
  if (terms.length === 0) return undefined;
  const conditions: RawBuilder<boolean>[] = [];
  const birthDates: string[] = [];
  const fuzzy: FuzzyTerm[] = [];
  let exact = true;
  for (const term of terms) {
    if ("birthDate" in term) {
      birthDates.push(term.birthDate);
      conditions.push(sql<boolean>`m.date_of_birth = ${term.birthDate}::date`);
      continue;
    }
    const column = term.keys === PHONE_KEYS ? sql.ref("m.phone_digits") : sql.ref("m.search_text");
    const lower = term.pattern.toLowerCase();
    const chunks = fuseChunks(lower);
    const errorFree = chunks.length === 1 && allowedErrors(lower.length) === 0;
    exact &&= errorFree;
    const pieces = [...new Set(errorFree ? [lower] : chunks.flatMap(piecesOf))].filter((piece) => piece !== "" && !piece.includes(SEPARATOR));
    fuzzy.push({ ...term, pieces, chunks });
    conditions.push(...pieces.map((piece) => sql<boolean>`${column} like ${likeContaining(piece)}`));
  }
  const where = conditions.length > 0 ? sql<boolean>`(${sql.join(conditions, sql` or `)})` : NOTHING;
  return { where, exact, keep: (candidates) => kept(birthDates, fuzzy, candidates) };
}

/**
 * The ids of the candidates the text finds, by fuse.js with the mock's options. fuse.js only looks
 * at the values that can match (one key at a time): those holding a piece and a substring within
 * the allowed errors of a chunk.
 */
function kept(birthDates: string[], terms: FuzzyTerm[], candidates: readonly SearchedValues[]): number[] {
  const docs = candidates.map(toSearchDoc);
  const found = new Set<number>();
  for (const birthDate of birthDates) candidates.forEach((row) => row.date_of_birth === birthDate && found.add(row.id));
  for (const term of terms) {
    for (const key of term.keys) {
      const holding = docs.flatMap((doc, index) => {
        const value = doc[key].toLowerCase();
        const possible = term.pieces.some((piece) => value.includes(piece)) && term.chunks.some((chunk) => holdsWithin(value, chunk, allowedErrors(chunk.length)));
        return possible ? [index] : [];
      });
      if (holding.length === 0) continue;
      const fuse = new Fuse(holding.map((index) => docs[index]!), { ...FUSE_OPTIONS, keys: [key] });
      for (const match of fuse.search(term.pattern)) found.add(candidates[holding[match.refIndex]!]!.id);
    }
  }
  return [...found];
}
