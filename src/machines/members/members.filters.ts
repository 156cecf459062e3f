// The members list's filters (§2 Members list, §4 "A filter change resets paging and sort flags. A
// brand change resets the practice to All", §6 default practices, §9 memberFilters cookie): their
// shape, where the first filters come from, and how they travel in the browser (the URL query, the
// cookie; the list call's request is members.query.ts). Pure functions: the machines and their tests
// use them, src/app does the I/O.
import type { components } from "../../../contract/schema";
import { MAX_DEFAULT_PRACTICES, PAGE_SIZES, type PageSize } from "../../lib/constants";
import { BRANDS, MCO_BY_BRAND, MEMBER_STATUSES, RESULT_OPTIONS } from "../../../domain/vocabulary.ts";
import { listFilterValues } from "../../../domain/members/listFilters.ts";
import { CAMPAIGN_FIGURES, type CampaignFigure } from "../../../domain/campaigns/campaignProgress.ts";

type Schemas = components["schemas"];
export type Member = Schemas["Member"];
export type Practice = Schemas["Practice"];
export type Dentist = Schemas["Dentist"];
export type SetupRecord = Schemas["SetupRecord"];
export type Brand = Schemas["Brand"];
export type MemberStatus = Schemas["MemberStatus"];
export type MemberResult = Schemas["MemberResult"];
export type MemberSortColumn = Schemas["MemberSortColumn"];
export type RegionFilter = Schemas["RegionFilter"];
export type PriorityFilter = Schemas["PriorityFilter"];

export const ALL = "all";

export interface MemberFilters {
  /** The chosen practice ids; none means every practice of the list's region. */
  practiceIds: number[];
  /** A status, several separated by commas (a report's drill-down), or all. */
  status: string;
  /** A result, '' for Blank, or all. */
  result: MemberResult | typeof ALL;
  mco: string;
  /** A dentist's Dr_First_Name; '' = every dentist. */
  dentist: string;
  /** A brand, several separated by commas (a report's drill-down), or all. */
  brand: string;
  /** Members with planned treatment at a priority, at any, or all (the priority report's drill-down). */
  priority: PriorityFilter;
  /**
   * Only the members this campaign (its id) has worked, or null (the campaign progress' drill-down).
   * It lives in the link alone: never in the cookie, so the next visit of the list is the whole list.
   */
  campaign: number | null;
  /** Of the campaign's members, those one figure of its progress counts (called: every one it worked); in the link alone too. */
  campaignFigure: CampaignFigure;
  /** Of the campaign's members, those this agent (a user id) saved a result for in it, or null (an agent's row of its progress); in the link alone too. */
  campaignAgent: number | null;
}

export const NO_FILTERS: MemberFilters = { practiceIds: [], status: ALL, result: ALL, mco: ALL, dentist: "", brand: ALL, priority: ALL, campaign: null, campaignFigure: "called", campaignAgent: null };

/** The brands a brand filter keeps: every brand for all. */
export const brandsOf = (brand: MemberFilters["brand"]): Brand[] => (listFilterValues(brand) as Brand[] | undefined) ?? [...BRANDS];

/** The MCO filter's options: with brands chosen, only their MCOs. */
export function mcoOptions(brand: MemberFilters["brand"]): string[] {
  return brandsOf(brand).flatMap((name) => MCO_BY_BRAND[name]);
}

/** Filters as saved: in the URL query (practice, status, brand) and the memberFilters cookie (all). */
export interface SavedFilters {
  url: Partial<MemberFilters>;
  cookie: Partial<MemberFilters> & { pageSize?: PageSize };
  /** The URL query's values that name no status, brand or priority (a mistyped or stale link). */
  unknown: string[];
  /** A search the link opens the list with (the live board's link to one member). */
  search?: string;
}

const isStatus = (value: unknown): value is MemberStatus => (MEMBER_STATUSES as readonly unknown[]).includes(value);
/** One value of `known`, several separated by commas, or all. */
const isListOf = (known: readonly string[]) => (value: unknown): value is string =>
  value === ALL || (typeof value === "string" && value.split(",").every((part) => known.includes(part)));
const isStatusList = isListOf(MEMBER_STATUSES);
const isBrandList = isListOf(BRANDS);
const isPriority = (value: unknown): value is PriorityFilter => ["all", "any", "P1", "P2", "P3", "P4"].includes(value as string);
/** A campaign's id in a link: a whole number from 1. */
const positiveIdOf = (value: string | null): number | null => (value !== null && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2147483647 ? Number(value) : null);
const isCampaignFigure = (value: unknown): value is CampaignFigure => (CAMPAIGN_FIGURES as readonly unknown[]).includes(value);
const isResult = (value: unknown): value is MemberResult => value === "" || (RESULT_OPTIONS as readonly unknown[]).includes(value);
export const isPageSize = (value: unknown): value is PageSize => (PAGE_SIZES as readonly unknown[]).includes(value);

/** '1,2,3' or '1;2;3' → [1, 2, 3]; 'all', '' or anything else → []. */
export function parsePracticeIds(value: string | null | undefined): number[] {
  if (!value || value === ALL) return [];
  const ids = value.split(/[,;]/).map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : [];
}

/** The URL query's filters (practice, status and brand, and a drill-down's MCO, result, priority, campaign and its figure), each only when valid. */
export function readUrlFilters(search: string): Partial<MemberFilters> {
  const query = new URLSearchParams(search);
  const filters: Partial<MemberFilters> = {};
  const practice = query.get("practice");
  if (practice !== null) filters.practiceIds = parsePracticeIds(practice);
  const status = query.get("status");
  if (isStatusList(status)) filters.status = status;
  const brand = query.get("brand");
  if (isBrandList(brand)) filters.brand = brand;
  const mco = query.get("mco");
  if (mco !== null) filters.mco = mco;
  const result = query.get("result");
  if (result === ALL || isResult(result)) filters.result = result;
  const priority = query.get("priority");
  if (isPriority(priority)) filters.priority = priority;
  const campaign = positiveIdOf(query.get("campaign"));
  if (campaign !== null) filters.campaign = campaign;
  const figure = query.get("campaignFigure");
  if (campaign !== null && isCampaignFigure(figure)) filters.campaignFigure = figure;
  const agent = positiveIdOf(query.get("campaignAgent"));
  if (campaign !== null && agent !== null) filters.campaignAgent = agent;
  return filters;
}

/** What the URL query names that is no practice id, status, brand, priority, campaign id or figure, as a person reads it. */
export function unknownUrlFilters(search: string): string[] {
  const query = new URLSearchParams(search);
  const unknown: string[] = [];
  const practice = query.get("practice");
  if (practice !== null && practice !== "" && practice !== ALL && parsePracticeIds(practice).length === 0) unknown.push(`practice “${practice}”`);
  const status = query.get("status");
  if (status !== null && !isStatusList(status)) unknown.push(`status “${status}”`);
  const brand = query.get("brand");
  if (brand !== null && !isBrandList(brand)) unknown.push(`brand “${brand}”`);
  const priority = query.get("priority");
  if (priority !== null && !isPriority(priority)) unknown.push(`priority “${priority}”`);
  const campaign = query.get("campaign");
  if (campaign !== null && positiveIdOf(campaign) === null) unknown.push(`campaign “${campaign}”`);
  const figure = query.get("campaignFigure");
  if (figure !== null && !isCampaignFigure(figure)) unknown.push(`campaign figure “${figure}”`);
  const agent = query.get("campaignAgent");
  if (agent !== null && positiveIdOf(agent) === null) unknown.push(`campaign agent “${agent}”`);
  return unknown;
}

/** The URL query mirroring the filters (§2: practice, status and brand; a drill-down's others while they filter). */
export function urlQuery(filters: MemberFilters): Record<string, string> {
  return {
    practice: filters.practiceIds.length ? filters.practiceIds.join(",") : ALL,
    status: filters.status,
    brand: filters.brand,
    ...(filters.mco !== ALL ? { mco: filters.mco } : {}),
    ...(filters.result !== ALL ? { result: filters.result } : {}),
    ...(filters.priority !== ALL ? { priority: filters.priority } : {}),
    ...(filters.campaign !== null ? { campaign: String(filters.campaign) } : {}),
    ...(filters.campaign !== null && filters.campaignFigure !== "called" ? { campaignFigure: filters.campaignFigure } : {}),
    ...(filters.campaign !== null && filters.campaignAgent !== null ? { campaignAgent: String(filters.campaignAgent) } : {}),
  };
}

export function cookieValue({ campaign: _campaign, campaignFigure: _figure, campaignAgent: _agent, ...filters }: MemberFilters, pageSize: PageSize): string {
  return JSON.stringify({ ...filters, pageSize });
}

/** The cookie's filters, each only when valid; a broken cookie restores nothing. */
export function readCookieFilters(value: string | null): SavedFilters["cookie"] {
  if (!value) return {};
  let raw: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null) return {};
    raw = parsed as Record<string, unknown>;
  } catch {
    return {};
  }
  const filters: SavedFilters["cookie"] = {};
  if (Array.isArray(raw.practiceIds)) filters.practiceIds = parsePracticeIds(raw.practiceIds.join(","));
  if (isStatusList(raw.status)) filters.status = raw.status;
  if (raw.result === ALL || isResult(raw.result)) filters.result = raw.result;
  if (typeof raw.mco === "string") filters.mco = raw.mco;
  if (typeof raw.dentist === "string") filters.dentist = raw.dentist;
  if (isBrandList(raw.brand)) filters.brand = raw.brand;
  if (isPriority(raw.priority)) filters.priority = raw.priority;
  if (isPageSize(raw.pageSize)) filters.pageSize = raw.pageSize;
  return filters;
}

/** §6: the user's default practices (the saved setup record, else defaultLocationId); more than 25 means All. */
export function defaultPracticeIds(records: readonly SetupRecord[], defaultLocationId: string): number[] {
  const record = records.find((entry) => entry.field === "practice");
  const ids = parsePracticeIds(record ? record.value : defaultLocationId);
  return ids.length > MAX_DEFAULT_PRACTICES ? [] : ids;
}

export interface StartingPoint {
  saved: SavedFilters;
  setup: readonly SetupRecord[];
  defaultLocationId: string;
  /** The practices of the list's region: a restored practice outside them is dropped. */
  practices: readonly Practice[];
}

/**
 * What a link (the URL query) names that this list does not know: a value of no filter, or a
 * practice id outside the practices the list shows. A link with any of them opens the whole list.
 */
export function unknownInLink({ saved, practices }: Pick<StartingPoint, "saved" | "practices">): string[] {
  const known = new Set(practices.map((practice) => practice.id));
  const strangers = (saved.url.practiceIds ?? []).filter((id) => !known.has(id)).map((id) => `practice ${id}`);
  return [...saved.unknown, ...strangers];
}

/** The first filters: the URL query, else the cookie, else the user's saved defaults, else all. */
export function initialFilters({ saved, setup, defaultLocationId, practices }: StartingPoint): MemberFilters {
  const savedStatus = setup.find((entry) => entry.field === "status")?.value;
  const fromDefaults: MemberFilters = {
    ...NO_FILTERS,
    practiceIds: defaultPracticeIds(setup, defaultLocationId),
    status: isStatus(savedStatus) ? savedStatus : ALL,
  };
  const { pageSize: _pageSize, ...cookie } = saved.cookie;
  const merged: MemberFilters = { ...fromDefaults, ...cookie, ...saved.url };
  const known = new Set(practices.map((practice) => practice.id));
  const mco = merged.mco === ALL || mcoOptions(merged.brand).includes(merged.mco) ? merged.mco : ALL;
  return { ...merged, practiceIds: merged.practiceIds.filter((id) => known.has(id)), mco };
}

/** A filter change; a brand change resets the practice to All and drops an MCO of another brand (§4). */
export function changeFilters(current: MemberFilters, change: Partial<MemberFilters>): MemberFilters {
  const next = { ...current, ...change };
  // A figure and an agent are of their campaign: leaving the campaign leaves them.
  if (next.campaign === null) {
    next.campaignFigure = "called";
    next.campaignAgent = null;
  }
  if (change.brand !== undefined && change.brand !== current.brand) {
    next.practiceIds = [];
    if (next.mco !== ALL && !mcoOptions(next.brand).includes(next.mco)) next.mco = ALL;
  }
  return next;
}

/** The practices a brand's members can be in (a practice receives some payers' lists). */
export function practicesOfBrand(practices: readonly Practice[], brand: MemberFilters["brand"]): Practice[] {
  if (brand === ALL) return [...practices];
  const brands = brandsOf(brand);
  return practices.filter((practice) => practice.brands.some((candidate) => brands.includes(candidate)));
}
