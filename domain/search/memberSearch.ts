// How both backends answer a members search fast and exactly as fuse.js would over every member
// (searchTerms.ts says what a text means). fuse.js alone scans every value with its bitap matcher:
// 1.5–6 s per search at 200,000 members. Threshold 0.1 lets a text of n characters match with at
// most floor(n / 10) errors, and a match with k errors leaves one of k + 1 pieces of the text
// unchanged (pigeonhole). So a backend first finds the candidates holding a piece exactly (the
// server with a trigram-indexed LIKE, the fake backend with indexOf over all values at once), and
// `found` decides among them; texts that allow no error are answered by the pieces alone.
import Fuse from "fuse.js";
import { namesBeginWith } from "./shortSearch.ts";
import { FUSE_OPTIONS, SEARCH_THRESHOLD, searchTermsOf, type SearchDoc, type SearchKey } from "./searchTerms.ts";

/**
 * Between the searched values of a member kept in one text (the server's `search_text`, migration
 * 0010; the fake backend's index): a piece holding it could match across two values, so none does.
 */
export const VALUE_SEPARATOR = "\u0001";

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

/** `parts` consecutive pieces of a chunk, as even as can be. */
const cut = (chunk: string, parts: number) =>
  Array.from({ length: parts }, (_, index) => chunk.slice(Math.floor((index * chunk.length) / parts), Math.floor(((index + 1) * chunk.length) / parts)));

/** k + 1 consecutive pieces of a chunk that allows k errors: a match keeps one of them intact. */
const piecesOf = (chunk: string) => cut(chunk, allowedErrors(chunk.length) + 1);

/**
 * A piece this long holds three trigrams or more: two such pieces looked up together find few
 * values, where two shorter ones (one trigram each, "ric" and "har") find more than one longer
 * piece alone.
 */
const PAIRED_PIECE = 5;

/** The combinations of `size` of `pieces`, in order. */
function combinations(pieces: string[], size: number): string[][] {
  if (size === 0) return [[]];
  return pieces.flatMap((first, index) => combinations(pieces.slice(index + 1), size - 1).map((rest) => [first, ...rest]));
}

/**
 * A chunk of two words that allows one error, cut into four pieces, two in each word (the space
 * ending the first): every match keeps three intact, so each group of three holds both words.
 * "rayson weissnat" finds the members holding three of "ray", "son ", "weis", "snat", not every
 * Weissnat (pairs would: "n wei" and "ssnat" are one word's to the trigram index). Undefined when
 * a word is too short for two pieces of a trigram each.
 */
function twoWordGroups(chunk: string): string[][] | undefined {
  const space = chunk.indexOf(" ") + 1;
  if (allowedErrors(chunk.length) !== 1 || space < 6 || chunk.length - space < 6) return undefined;
  const [first, second] = [chunk.slice(0, space), chunk.slice(space)];
  return combinations([...cut(first, 2), ...cut(second, 2)], 3);
}

/**
 * The groups of pieces a chunk that allows errors is looked up by: every match holds every piece
 * of one group. Cut into k + 2 pieces, a chunk that allows k errors keeps two of them intact in
 * every match (an error breaks at most one piece): their pairs, or none when the pieces would be
 * shorter than PAIRED_PIECE. A whole name ("grayson weissnat") then finds the members holding
 * pieces of both its words rather than every Grayson and every Weissnat.
 */
function groupsOf(chunk: string): string[][] {
  const errors = allowedErrors(chunk.length);
  if (errors === 0) return [];
  const twoWords = twoWordGroups(chunk);
  if (twoWords) return twoWords;
  if (chunk.length < (errors + 2) * PAIRED_PIECE) return [];
  return combinations(cut(chunk, errors + 2), 2);
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

/** A text term: every value it matches holds one of its pieces (lower case). */
export interface FuzzyTerm {
  pattern: string;
  keys: readonly SearchKey[];
  pieces: string[];
  /**
   * Sharper than `pieces` when not empty: every value it matches holds every piece of one of these
   * groups (groupsOf). Empty when the text allows no error or a chunk is too short for groups.
   */
  groups: string[][];
  /** fuse.js matches any chunk of the text (lower case) with up to its allowed errors. */
  chunks: string[];
  /** No error allowed: the values holding the (single) piece are exactly the matches. */
  errorFree: boolean;
}

export interface MemberSearch {
  /** Members born on one of these days are found. */
  birthDates: string[];
  /** Members whose first or last name begins with one of these (lower case) are found (shortSearch.ts). */
  namePrefixes: string[];
  fuzzy: FuzzyTerm[];
  /** Every term is a birth date, a name prefix or error-free: the candidates are the answer, `found` need not decide. */
  exact: boolean;
}

/** What a search text looks for, or undefined when it is blank (no search). */
export function memberSearchOf(text: string): MemberSearch | undefined {
  const terms = searchTermsOf(text);
  if (terms.length === 0) return undefined;
  const search: MemberSearch = { birthDates: [], namePrefixes: [], fuzzy: [], exact: true };
  for (const term of terms) {
    if ("birthDate" in term) {
      search.birthDates.push(term.birthDate);
      continue;
    }
    if ("namePrefix" in term) {
      search.namePrefixes.push(term.namePrefix);
      continue;
    }
    const lower = term.pattern.toLowerCase();
    const chunks = fuseChunks(lower);
    const errorFree = chunks.length === 1 && allowedErrors(lower.length) === 0;
    const pieces = [...new Set(errorFree ? [lower] : chunks.flatMap(piecesOf))].filter((piece) => piece !== "" && !piece.includes(VALUE_SEPARATOR));
    const groupsOfChunks = chunks.map(groupsOf);
    const groups = groupsOfChunks.some((groups) => groups.length === 0) ? [] : groupsOfChunks.flat().filter((group) => !group.some((piece) => piece.includes(VALUE_SEPARATOR)));
    search.fuzzy.push({ pattern: term.pattern, keys: term.keys, pieces, groups, chunks, errorFree });
    search.exact &&= errorFree;
  }
  return search;
}

/**
 * The positions of the documents the search finds, as fuse.js with the specification's options
 * (a text of one or two characters: by the prefix rule of shortSearch.ts)
 * finds them over every member. fuse.js only looks at the values that can match (one key at a
 * time): those holding a piece and a substring within the allowed errors of a chunk.
 */
export function found(search: MemberSearch, docs: readonly SearchDoc[]): number[] {
  const hits = new Set<number>();
  docs.forEach((doc, position) => search.birthDates.includes(doc.Date_of_Birth) && hits.add(position));
  docs.forEach((doc, position) => search.namePrefixes.some((prefix) => namesBeginWith(doc, prefix)) && hits.add(position));
  for (const term of search.fuzzy) {
    for (const key of term.keys) {
      const undecided: number[] = [];
      docs.forEach((doc, position) => {
        if (hits.has(position)) return;
        const value = doc[key].toLowerCase();
        if (!term.pieces.some((piece) => value.includes(piece))) return;
        if (term.errorFree) hits.add(position);
        else if (term.chunks.some((chunk) => holdsWithin(value, chunk, allowedErrors(chunk.length)))) undecided.push(position);
      });
      if (undecided.length === 0) continue;
      const fuse = new Fuse(
        undecided.map((position) => docs[position]!),
        { ...FUSE_OPTIONS, keys: [key] },
      );
      for (const match of fuse.search(term.pattern)) hits.add(undecided[match.refIndex]!);
    }
  }
  return [...hits].sort((a, b) => a - b);
}
