// The members search made fast at 200,000 members, with the results of fuse.js (searchTerms.ts says
// what a text means). fuse.js alone scans every value with its bitap matcher: 1.5–6 s per search at
// 200,000 members. A match with k errors leaves at least one of k + 1 pieces of the text unchanged
// (pigeonhole), so only members containing one of those pieces exactly can match, and fuse.js
// decides among them; with no error allowed the members holding the text are the answer.
// search.test.ts proves the same results as fuse.js over every member.
import Fuse from "fuse.js";
import type { MemberRecord } from "../db/records";
import { FUSE_OPTIONS, SEARCH_THRESHOLD, searchTermsOf, toSearchDoc, type SearchKey } from "./searchTerms";

/** Fuse's bitap matcher works on pieces of at most 32 characters. */
const FUSE_MAX_PATTERN = 32;
/** Between values and members in a haystack; a piece holding it is never searched. */
const SEPARATOR = "\u0000";

/** The most errors fuse.js accepts in a pattern of that length (its score is errors / length). */
export function allowedErrors(length: number): number {
  let errors = 0;
  while ((errors + 1) / length <= SEARCH_THRESHOLD) errors += 1;
  return errors;
}

/** The parts fuse.js matches separately (a match of any one counts), as its bitap search cuts them. */
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

/** The values of one key set of every member, lower case, in one text; `starts[i]` is where member i begins. */
interface Haystack {
  text: string;
  starts: Int32Array;
}

/** The member whose values hold that position of the haystack (binary search). */
function memberAt({ starts }: Haystack, position: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The searchable values of the members, built on first use; the searched fields never change. */
export class MemberSearchIndex {
  private readonly members: readonly MemberRecord[];
  private readonly haystacks = new Map<readonly SearchKey[], Haystack>();

  constructor(members: readonly MemberRecord[]) {
    this.members = members;
  }

  get size(): number {
    return this.members.length;
  }

  private haystackOf(keys: readonly SearchKey[]): Haystack {
    let haystack = this.haystacks.get(keys);
    if (!haystack) {
      const starts = new Int32Array(this.members.length + 1);
      let offset = 0;
      const parts = this.members.map((member, index) => {
        const doc = toSearchDoc(member);
        let part = doc[keys[0]!];
        for (let key = 1; key < keys.length; key += 1) part += SEPARATOR + doc[keys[key]!];
        part = part.toLowerCase();
        starts[index] = offset;
        offset += part.length + SEPARATOR.length;
        return part;
      });
      starts[this.members.length] = offset;
      haystack = { text: parts.join(SEPARATOR), starts };
      this.haystacks.set(keys, haystack);
    }
    return haystack;
  }

  /** Which members (by position) the text finds. */
  search(text: string): Uint8Array {
    const found = new Uint8Array(this.members.length);
    for (const term of searchTermsOf(text)) {
      const positions = "birthDate" in term ? this.byBirthDate(term.birthDate) : this.fuzzy(term.pattern, term.keys);
      for (const position of positions) found[position] = 1;
    }
    return found;
  }

  private byBirthDate(isoDate: string): number[] {
    const positions: number[] = [];
    this.members.forEach((member, position) => member.Date_of_Birth === isoDate && positions.push(position));
    return positions;
  }

  /** Members holding one piece exactly, found with the native indexOf over all values at once. */
  private holdingAPiece(pieces: readonly string[], haystack: Haystack): number[] {
    const holds = new Uint8Array(this.members.length);
    for (const piece of pieces) {
      for (let at = haystack.text.indexOf(piece); at !== -1; ) {
        const member = memberAt(haystack, at);
        holds[member] = 1;
        at = haystack.text.indexOf(piece, haystack.starts[member + 1]);
      }
    }
    const positions: number[] = [];
    holds.forEach((held, position) => held === 1 && positions.push(position));
    return positions;
  }

  private fuzzy(pattern: string, keys: readonly SearchKey[]): number[] {
    const lower = pattern.toLowerCase();
    const chunks = fuseChunks(lower);
    const pieces = chunks.flatMap(piecesOf).filter((piece) => piece !== "" && !piece.includes(SEPARATOR));
    const candidates = this.holdingAPiece(pieces, this.haystackOf(keys));
    const exactOnly = chunks.length === 1 && allowedErrors(lower.length) === 0;
    if (exactOnly) return candidates;
    const fuse = new Fuse(
      candidates.map((position) => toSearchDoc(this.members[position]!)),
      { ...FUSE_OPTIONS, keys: [...keys] },
    );
    return fuse.search(pattern).map((match) => candidates[match.refIndex]!);
  }
}
