// The members list's filters, sort order and paging as pure functions (openapi.yaml,
// GET /Members/getMembersTableData). Search is in search.ts; membersList.ts puts them together.
import type { components } from "../../contract/schema";
import type { MemberRecord } from "../../demo/records.ts";
import { memberSortKey, type MemberSortKey } from "../../domain/membersOrder.ts";
import { compareText } from "../../domain/order.ts";
import { listFilterValues, priorityFilterValues } from "../../domain/members/listFilters.ts";

type Schemas = components["schemas"];
export type MemberSortColumn = Schemas["MemberSortColumn"];

/** The filters of the call, as validated by the contract ('all' or absent = no filter). */
export interface MemberFilters {
  /** One payer, several separated by commas, or `all`. */
  company?: string;
  /** One practice id, several separated by commas, or `all`. */
  practice?: string;
  region?: Schemas["RegionFilter"];
  /** One status, several separated by commas, or `all`. */
  status?: string;
  /** P1 to P4, `any` or `all`: members with planned treatment. */
  priority?: Schemas["PriorityFilter"];
  /** '' = members whose result is Blank. */
  result?: Schemas["ResultFilter"];
  mco?: string;
  /** '' = every dentist. */
  dentistFirstName?: string;
  /** Only the members the campaign has worked (a result saved for it). */
  campaign?: number;
  /** With `campaign`, only those given one of these results in it (a progress figure's members). */
  campaignResults?: readonly string[];
  /** With `campaign`, only those this staff member saved a result for in it. */
  campaignAgent?: number;
}

/** What the filters look up: which region a practice is in, which dentist has which first name, the planned treatment. */
export interface FilterContext {
  practices: readonly { id: number; region: string }[];
  dentists: readonly { id: number; Dr_First_Name: string }[];
  priorities: readonly { practiceId: number; patNum: string; priority: string }[];
  /** The saved results, for the campaign filter. */
  results?: readonly { memberId: number; userId: number; campaignId?: number | null; Result: string }[];
}

type Check = (member: MemberRecord) => boolean;

/** One predicate for every filter of the call; a member is listed when all of them hold. */
export function memberFilter(filters: MemberFilters, context: FilterContext): Check {
  const checks: Check[] = [];
  const { company, practice, region, status, result, mco, dentistFirstName, priority } = filters;
  const companies = listFilterValues(company);
  if (companies) checks.push((member) => companies.includes(member.company));
  if (practice !== undefined && practice !== "all") {
    const ids = new Set(practice.split(",").map(Number));
    checks.push((member) => ids.has(member.practiceId));
  }
  if (region !== undefined && region !== "all") {
    const ids = new Set(context.practices.filter((candidate) => candidate.region === region).map(({ id }) => id));
    checks.push((member) => ids.has(member.practiceId));
  }
  const statuses = listFilterValues(status);
  if (statuses) checks.push((member) => statuses.includes(member.Status));
  const priorities = priorityFilterValues(priority);
  if (priorities) {
    const planned = new Set(context.priorities.filter((entry) => priorities.includes(entry.priority as never)).map((entry) => `${entry.practiceId}/${entry.patNum}`));
    checks.push((member) => planned.has(`${member.practiceId}/${member.PatNum}`));
  }
  if (result !== undefined && result !== "all") checks.push((member) => member.Result === result);
  if (filters.campaign !== undefined) {
    const { campaignResults: given, campaignAgent: agent } = filters;
    const worked = new Set(
      (context.results ?? [])
        .filter((saved) => saved.campaignId === filters.campaign && (!given || given.includes(saved.Result)) && (agent === undefined || saved.userId === agent))
        .map((saved) => saved.memberId),
    );
    checks.push((member) => worked.has(member.id));
  }
  if (mco !== undefined && mco !== "all") checks.push((member) => member.MCO === mco);
  if (dentistFirstName) {
    const ids = new Set(context.dentists.filter((dentist) => dentist.Dr_First_Name === dentistFirstName).map(({ id }) => id));
    checks.push((member) => ids.has(member.dentistId));
  }
  return (member) => {
    for (const check of checks) if (!check(member)) return false;
    return true;
  };
}

const NUMERIC_COLUMNS: ReadonlySet<MemberSortKey> = new Set(["Days_Extracted"]);

/** A member's place in an order: its sort values and id. */
export interface OrderKey {
  key: (string | number | null)[];
  id: number;
}

/**
 * The list's order by `column` (Age by the birth date reversed, domain/membersOrder.ts),
 * descending when `descending` (the call's `sameColumn`); without a column, Last_Name then
 * First_Name ascending. Nulls sort last in both directions; ties are broken by id ascending, or
 * descending where the descending order is the ascending one reversed (`idsDescending`).
 */
export function listOrder(column: MemberSortColumn | undefined, descending: boolean) {
  const sort = column && memberSortKey(column, descending);
  const numeric = sort !== undefined && NUMERIC_COLUMNS.has(sort.key);
  const direction = sort && sort.descending ? -1 : 1;
  const idDirection = sort && sort.idsDescending ? -1 : 1;
  const compareValues = (left: string | number | null, right: string | number | null): number => {
    if (left === right) return 0;
    if (left === null) return 1;
    if (right === null) return -1;
    return (numeric ? (left as number) - (right as number) : compareText(left as string, right as string)) * direction;
  };
  return {
    keyOf: (member: MemberRecord): OrderKey["key"] => (sort ? [member[sort.key]] : [member.Last_Name, member.First_Name]),
    compareValues,
    compareIds: (left: number, right: number): number => (left - right) * idDirection,
    compare: (left: OrderKey, right: OrderKey): number => {
      for (const [index, value] of left.key.entries()) {
        const order = compareValues(value, right.key[index] ?? null);
        if (order !== 0) return order;
      }
      return (left.id - right.id) * idDirection;
    },
    /** Whether a cursor's key has this order's shape (a value of the column's type, or null). */
    fits: (key: OrderKey["key"]) =>
      key.length === (sort ? 1 : 2) && key.every((value) => value === null || typeof value === (numeric ? "number" : "string")),
  };
}

/** Joins last and first name so that one text comparison orders by both (no name contains it). */
const NAME_SEPARATOR = "\u0000";

/** The members' positions in list order (listOrder). Sort keys are read once (fast at 200,000 members). */
export function sortedPositions(members: readonly MemberRecord[], column: MemberSortColumn | undefined, descending: boolean): Int32Array {
  const order = listOrder(column, descending);
  const keys: (string | number | null)[] = column
    ? members.map((member) => order.keyOf(member)[0]!)
    : members.map((member) => `${member.Last_Name}${NAME_SEPARATOR}${member.First_Name}`);
  const ids = Int32Array.from(members, (member) => member.id);
  return Int32Array.from(members.keys()).sort((a, b) => order.compareValues(keys[a]!, keys[b]!) || order.compareIds(ids[a]!, ids[b]!));
}

/** One page of the members that pass `keep`, walking them in order; `total` counts all that pass. */
export function pageOf<T>(ordered: Iterable<T>, keep: (item: T) => boolean, pageNum: number, pageSize: number) {
  const skip = (pageNum - 1) * pageSize;
  const page: T[] = [];
  let total = 0;
  for (const item of ordered) {
    if (!keep(item)) continue;
    if (total >= skip && page.length < pageSize) page.push(item);
    total += 1;
  }
  return { page, total };
}

/**
 * The page of `pageSize` members that follow (`forward`) or precede the cursor's row in the order
 * `positions` walks, `side` telling where an item is (> 0 after the row, < 0 before): whatever moved
 * meanwhile, none between the row and the page is skipped. `total` counts all that pass `keep`.
 */
export function pageFrom<T>(positions: Iterable<T>, keep: (item: T) => boolean, side: (item: T) => number, forward: boolean, pageSize: number) {
  const page: T[] = [];
  let total = 0;
  for (const item of positions) {
    if (!keep(item)) continue;
    total += 1;
    if (forward ? page.length < pageSize && side(item) > 0 : side(item) < 0) page.push(item);
  }
  return { page: forward ? page : page.slice(-pageSize), total };
}
