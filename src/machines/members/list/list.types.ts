// What the members list machine (list.machine.ts) holds, hears and tells: its input and context, the
// events the screen and the parts beside it send it, and what it emits for its followers.
import type { components } from "../../../../contract/schema";
import type { ApiFailure } from "../../../api/errors";
import type { PageSize } from "../../../lib/constants";
import type { Dentist, Member, MemberFilters, MemberSortColumn, Practice, RegionFilter, SavedFilters, SetupRecord } from "../members.filters";
import type { ListPosition } from "../members.query";
import type { LiveEvent, LiveListEvent } from "../../liveEvents/liveEvents.machine";
import type { CurrentResult, MemberClaim } from "../team";

export type MembersTableData = components["schemas"]["MembersTableData"];

export interface ListInput {
  region: RegionFilter;
  /** The signed-in agent: a claim of theirs that ends leaves their row. */
  userId: number;
  /** The user's default practices (semicolon-separated ids), when no setup record says otherwise. */
  defaultLocationId: string;
}

export interface MemberOptions {
  practices: Practice[];
  dentists: Dentist[];
  setup: SetupRecord[];
}

export interface ListContext extends ListInput, ListPosition {
  saved: SavedFilters;
  /** The practices of the route's region. */
  practices: Practice[];
  dentists: Dentist[];
  /** What the user typed; `search` is the trimmed text the list was last loaded with. */
  searchText: string;
  members: Member[];
  /** How many members the filters match; unknown (null) until the first page has loaded. */
  totalCount: number | null;
  /** The loaded page's cursors: where its next and previous pages are read from. */
  cursors: Pick<MembersTableData, "next_cursor" | "previous_cursor">;
  /** Live events that came while the page was loading, applied again to what it loads. */
  sinceLoad: LiveEvent[];
  /** A save is being confirmed or written (members.list.hold): the page stays as it is until it ends. */
  held: boolean;
  /** A reload the agent did not ask for came while the page was held: it follows the release. */
  reloadPending: boolean;
  failure: ApiFailure | null;
  /** What the opening link named that the list does not know (its filters were then dropped). */
  unknownInLink: string[];
}

export type ListEvent =
  | { type: "members.filter.change"; change: Partial<MemberFilters> }
  | { type: "members.search.change"; text: string }
  | { type: "members.search.apply" }
  | { type: "members.page.change"; pageNum: number }
  | { type: "members.pageSize.change"; pageSize: PageSize }
  | { type: "members.sort.toggle"; column: MemberSortColumn }
  | { type: "members.reload" }
  | { type: "members.retry" }
  /** A member's claim as the claim call answered it: the agent's own, or the colleague's who holds it. */
  | { type: "members.claim.report"; claim: MemberClaim }
  /** The agent's own claim on the member has ended (released, or ended by a save). */
  | { type: "members.claim.drop"; memberId: number }
  /** A save was refused because another landed since: the row shows the member's result now. */
  | { type: "members.result.current"; memberId: number; current: CurrentResult }
  | { type: "members.list.hold" }
  | { type: "members.list.release" }
  | LiveListEvent
  | { type: "members.claims.changed" }
  | { type: "members.count.stale" }
  | { type: "members.count.stale.cancel" };

/**
 * What the list tells whoever follows it (list.follow.ts): each page load begun, done or failed;
 * and each event of its live stream, and each reconnection that may have missed some (the parts
 * that show what the stream changes beside the rows: My callbacks).
 */
export type ListEmitted =
  | { type: "members.page.loading" }
  | { type: "members.page.loaded"; members: Member[] }
  | { type: "members.page.failed" }
  | { type: "members.live"; event: LiveEvent }
  | { type: "members.live.resync" };

