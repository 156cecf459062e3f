// Search of the members list in SQL (specification §5; openapi.yaml getMembersTableData `search`):
// domain/search says what a text finds and how. The pieces of the text (or groups of pieces, when
// the text is long enough) are looked up with a trigram-indexed LIKE on the member's `search_text`
// (every searched value, lower case, in one column; migration 0010) or `phone_digits`; a full birth
// date by equality; a text of one or two characters as a prefix of the lower-case first or last name (each indexed, migration 0013). When
// the text allows no error, that is the answer; otherwise domain/search decides among the candidates.
import { sql, type RawBuilder } from "kysely";
import { found, memberSearchOf } from "../../domain/search/memberSearch.ts";
import { PHONE_KEYS, toSearchDoc, type SearchedMember } from "../../domain/search/searchTerms.ts";

const escapedLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likeContaining = (text: string) => `%${escapedLike(text)}%`;
const likeStarting = (text: string) => `${escapedLike(text)}%`;

/** The searched values of a member as the candidates query returns them. */
export type SearchedValues = SearchedMember & { id: number };

export interface MemberSearch {
  /** Every member the text finds satisfies this (and, when `exact`, only those). */
  where: RawBuilder<boolean>;
  /** False: `where` finds candidates; `keep` then tells which of them the text finds. */
  exact: boolean;
  keep: (candidates: readonly SearchedValues[]) => number[];
  /**
   * How many members the search finds among all of them, when a table answers that alone: names
   * beginning with a short text are counted per prefix (member_name_prefix_counts, migration 0018).
   */
  countAlone?: RawBuilder<{ total: string }>;
  /**
   * An exact text of six characters or more with a digit or a space, looked up in a trigram index
   * (a subscriber id, a patient number, a phone, two names): few members hold it, and the lookup,
   * not the rows, is what costs (the trigrams of digits are in most members' values), so they are
   * found once rather than again for the count and for the page. One word (a surname) may be
   * held by thousands, whom the page finds faster along the sort's index.
   */
  selective: boolean;
}

/** An exact text whose members are found once (`selective`). */
const SELECTIVE_TEXT = /^(?=.*[\d ]).{6,}$/;

function prefixCount(prefixes: readonly string[]): RawBuilder<{ total: string }> | undefined {
  if (prefixes.length !== 1) return undefined;
  return sql<{ total: string }>`select coalesce((select n from member_name_prefix_counts where prefix = ${prefixes[0]!}), 0) as total`;
}

const NOTHING = sql<boolean>`false`;

/** What a search text finds, or undefined when it is blank (no search). */
export function memberSearch(text: string): MemberSearch | undefined {
  const search = memberSearchOf(text);
  if (!search) return undefined;
  const conditions = search.birthDates.map((birthDate) => sql<boolean>`m.date_of_birth = ${birthDate}::date`);
  for (const prefix of search.namePrefixes) {
    conditions.push(sql<boolean>`lower(m.first_name) like ${likeStarting(prefix)}`, sql<boolean>`lower(m.last_name) like ${likeStarting(prefix)}`);
  }
  for (const term of search.fuzzy) {
    const column = term.keys === PHONE_KEYS ? sql.ref("m.phone_digits") : sql.ref("m.search_text");
    const like = (piece: string) => sql<boolean>`${column} like ${likeContaining(piece)}`;
    // Every piece of a group: one index scan a group, the trigram index intersecting its pieces.
    if (term.groups.length > 0) conditions.push(...term.groups.map((group) => sql<boolean>`(${sql.join(group.map(like), sql` and `)})`));
    else conditions.push(...term.pieces.map(like));
  }
  const where = conditions.length > 0 ? sql<boolean>`(${sql.join(conditions, sql` or `)})` : NOTHING;
  const countAlone = search.fuzzy.length === 0 && search.birthDates.length === 0 ? prefixCount(search.namePrefixes) : undefined;
  const selective = search.exact && search.birthDates.length === 0 && search.namePrefixes.length === 0 && SELECTIVE_TEXT.test(text.trim());
  return {
    where,
    exact: search.exact,
    selective,
    ...(countAlone ? { countAlone } : {}),
    keep: (candidates) => found(search, candidates.map(toSearchDoc)).map((position) => candidates[position]!.id),
  };
}
