// The members search of the fake backend (domain/search says what a text finds): every searched
// value of every member in one lower-case text, so the candidates holding a piece of the text are
// found with the native indexOf at once, and domain/search decides among them. search.test.ts
// proves the same results as fuse.js over every member.
import { found, memberSearchOf, VALUE_SEPARATOR, type FuzzyTerm } from "../../domain/search/memberSearch.ts";
import { namesBeginWith } from "../../domain/search/shortSearch.ts";
import { toSearchDoc, type SearchedMember, type SearchKey } from "../../domain/search/searchTerms.ts";

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
  private readonly members: readonly SearchedMember[];
  private readonly haystacks = new Map<readonly SearchKey[], Haystack>();

  constructor(members: readonly SearchedMember[]) {
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
        const part = keys.map((key) => doc[key]).join(VALUE_SEPARATOR).toLowerCase();
        starts[index] = offset;
        offset += part.length + VALUE_SEPARATOR.length;
        return part;
      });
      starts[this.members.length] = offset;
      haystack = { text: parts.join(VALUE_SEPARATOR), starts };
      this.haystacks.set(keys, haystack);
    }
    return haystack;
  }

  /** Which members (by position) the text finds. */
  search(text: string): Uint8Array {
    const hits = new Uint8Array(this.members.length);
    const search = memberSearchOf(text);
    if (!search) return hits;
    const candidates = new Set<number>();
    if (search.birthDates.length > 0) {
      this.members.forEach((member, position) => search.birthDates.includes(member.Date_of_Birth) && candidates.add(position));
    }
    if (search.namePrefixes.length > 0) {
      this.members.forEach((member, position) => search.namePrefixes.some((prefix) => namesBeginWith(member, prefix)) && candidates.add(position));
    }
    for (const term of search.fuzzy) for (const position of this.holdingAPiece(term)) candidates.add(position);
    const positions = [...candidates];
    const docs = positions.map((position) => toSearchDoc(this.members[position]!));
    for (const at of search.exact ? docs.keys() : found(search, docs)) hits[positions[at]!] = 1;
    return hits;
  }

  /** Members holding one of the term's pieces exactly in one of its values. */
  private holdingAPiece(term: FuzzyTerm): number[] {
    const haystack = this.haystackOf(term.keys);
    const holds = new Uint8Array(this.members.length);
    for (const piece of term.pieces) {
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
}
