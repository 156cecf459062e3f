// The Practices and regions screen (administrators): every practice with its region and payers,
// adding and changing a practice in a form, and adding, naming and removing the call center's
// regions, so that a production database is filled from the app. The server's refusals (an
// abbreviation or a region's name in use, a region that still has practices) come back as the
// form's failure, or the screen's for a removal. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { isAbbreviation } from "../../../domain/practices/practiceRules.ts";
import { isRegionCode } from "../../../domain/practices/regionRules.ts";
import { failureOf, type Failure } from "../adminFailure";
import { notProvided } from "../notProvided";
import { compareText } from "../../../domain/order.ts";

type Schemas = components["schemas"];
export type Practice = Schemas["Practice"];
export type PracticeInput = Schemas["PracticeInput"];
export type RegionSummary = Schemas["RegionSummary"];
export type Region = Schemas["Region"];
export type Brand = Schemas["Brand"];

/** A region being added (its code typed too) or renamed. */
export interface RegionDraft {
  adding: boolean;
  name: string;
  title: string;
}

/** The practice being added (id null) or changed. */
export interface PracticeDraft extends PracticeInput {
  id: number | null;
}

export interface PracticesAdminContext {
  practices: Practice[];
  regions: RegionSummary[];
  draft: PracticeDraft | null;
  /** The region being added (`adding`) or named, and what is typed so far. */
  regionDraft: RegionDraft | null;
  /** The region whose removal waits for the administrator's yes. */
  removing: RegionSummary | null;
  failure: Failure | null;
  notice: string | null;
}

export type PracticesAdminEvent =
  | { type: "practices.add" }
  | { type: "practices.edit"; id: number }
  | { type: "practices.draft.change"; field: "practice" | "practiceabbr"; value: string }
  | { type: "practices.draft.region"; region: Region }
  | { type: "practices.draft.brand.toggle"; brand: Brand }
  | { type: "practices.save" }
  | { type: "practices.cancel" }
  | { type: "regions.add" }
  | { type: "regions.rename"; name: Region }
  | { type: "regions.draft.change"; field: "name" | "title"; value: string }
  | { type: "regions.save" }
  | { type: "regions.remove"; name: Region }
  | { type: "regions.remove.confirm" }
  | { type: "practices.retry" };

/** A new practice goes to the first region until another is chosen ("" while there is none). */
const newPractice = (regions: RegionSummary[]): PracticeDraft => ({ id: null, practice: "", practiceabbr: "", region: regions[0]?.name ?? "", brands: [] });

/** The draft as the contract takes it. */
export const inputOf = ({ practice, practiceabbr, region, brands }: PracticeDraft): PracticeInput => ({
  practice: practice.trim(),
  practiceabbr: practiceabbr.trim(),
  region,
  brands,
});

const replaced = (practices: Practice[], practice: Practice) =>
  practices.some((row) => row.id === practice.id) ? practices.map((row) => (row.id === practice.id ? practice : row)) : [...practices, practice];
/** The regions with one added or renamed, by code as the server lists them. */
const replacedRegion = (regions: RegionSummary[], changed: RegionSummary) =>
  [...regions.filter((region) => region.name !== changed.name), changed].sort((a, b) => compareText(a.name, b.name));
const withDraft = (draft: PracticeDraft | null, change: Partial<PracticeDraft>) => (draft ? { ...draft, ...change } : null);

export const practicesAdminMachine = setup({
  types: { context: {} as PracticesAdminContext, events: {} as PracticesAdminEvent },
  actors: {
    /** GET /practice/list and GET /regions. */
    load: notProvided<{ practices: Practice[]; regions: RegionSummary[] }>("load"),
    /** POST /practices (id null) or PUT /practices/{id}. */
    savePractice: notProvided<Practice, { id: number | null; body: PracticeInput }>("savePractice"),
    /** POST /regions (adding) or PUT /regions/{name}. */
    saveRegion: notProvided<RegionSummary, { adding: boolean; name: Region; title: string }>("saveRegion"),
    /** DELETE /regions/{name}. */
    removeRegion: notProvided<void, { name: Region }>("removeRegion"),
  },
  actions: {
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  guards: {
    practiceComplete: ({ context }) =>
      context.draft !== null && context.draft.practice.trim() !== "" && isAbbreviation(context.draft.practiceabbr) && context.draft.region !== "",
    regionComplete: ({ context }) => context.regionDraft !== null && context.regionDraft.title.trim() !== "" && isRegionCode(context.regionDraft.name),
  },
}).createMachine({
  id: "practicesAdmin",
  context: { practices: [], regions: [], draft: null, regionDraft: null, removing: null, failure: null, notice: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        onDone: { target: "ready", actions: assign(({ event }) => ({ practices: event.output.practices, regions: event.output.regions })) },
        onError: { target: "loadFailed", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { "practices.retry": { target: "loading", actions: assign({ failure: null }) } } },
    ready: {
      initial: "browsing",
      states: {
        browsing: {
          on: {
            "practices.add": { target: "editing", actions: assign({ draft: ({ context }) => newPractice(context.regions), failure: null, notice: null }) },
            "practices.edit": {
              target: "editing",
              actions: assign(({ context, event }) => {
                const practice = context.practices.find((row) => row.id === event.id);
                return { draft: practice ? { ...practice, brands: [...practice.brands] } : null, failure: null, notice: null };
              }),
            },
            "regions.add": { target: "renaming", actions: assign({ regionDraft: { adding: true, name: "", title: "" }, failure: null, notice: null }) },
            "regions.rename": {
              target: "renaming",
              actions: assign(({ context, event }) => ({
                regionDraft: { adding: false, name: event.name, title: context.regions.find((region) => region.name === event.name)?.title ?? "" },
                failure: null,
                notice: null,
              })),
            },
            "regions.remove": {
              target: "confirmingRemoval",
              actions: assign(({ context, event }) => ({ removing: context.regions.find((region) => region.name === event.name) ?? null, failure: null, notice: null })),
            },
          },
        },
        editing: {
          on: {
            "practices.draft.change": { actions: assign({ draft: ({ context, event }) => withDraft(context.draft, { [event.field]: event.value }) }) },
            "practices.draft.region": { actions: assign({ draft: ({ context, event }) => withDraft(context.draft, { region: event.region }) }) },
            "practices.draft.brand.toggle": {
              actions: assign({
                draft: ({ context, event }) => {
                  const brands = context.draft?.brands ?? [];
                  return withDraft(context.draft, { brands: brands.includes(event.brand) ? brands.filter((brand) => brand !== event.brand) : [...brands, event.brand] });
                },
              }),
            },
            "practices.save": { guard: "practiceComplete", target: "saving" },
            "practices.cancel": { target: "browsing", actions: assign({ draft: null, failure: null }) },
          },
        },
        saving: {
          invoke: {
            src: "savePractice",
            input: ({ context }) => ({ id: context.draft!.id, body: inputOf(context.draft!) }),
            onDone: {
              target: "browsing",
              actions: assign(({ context, event }) => ({
                practices: replaced(context.practices, event.output),
                notice: `${event.output.practiceabbr} ${event.output.practice} was ${context.draft?.id === null ? "added" : "saved"}.`,
                draft: null,
                failure: null,
              })),
            },
            onError: { target: "editing", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        renaming: {
          on: {
            "regions.draft.change": {
              actions: assign({
                regionDraft: ({ context, event }) => context.regionDraft && (event.field === "name" && !context.regionDraft.adding ? context.regionDraft : { ...context.regionDraft, [event.field]: event.value }),
              }),
            },
            "regions.save": { guard: "regionComplete", target: "savingRegion" },
            "practices.cancel": { target: "browsing", actions: assign({ regionDraft: null, failure: null }) },
          },
        },
        savingRegion: {
          invoke: {
            src: "saveRegion",
            input: ({ context }) => ({ adding: context.regionDraft!.adding, name: context.regionDraft!.name.trim(), title: context.regionDraft!.title.trim() }),
            onDone: {
              target: "browsing",
              actions: assign(({ context, event }) => ({
                regions: replacedRegion(context.regions, event.output),
                notice: context.regionDraft?.adding ? `${event.output.name} ${event.output.title} was added.` : `${event.output.name} is now called ${event.output.title}.`,
                regionDraft: null,
                failure: null,
              })),
            },
            onError: { target: "renaming", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingRemoval: {
          on: {
            "regions.remove.confirm": { target: "removingRegion" },
            "practices.cancel": { target: "browsing", actions: assign({ removing: null }) },
          },
        },
        removingRegion: {
          invoke: {
            src: "removeRegion",
            input: ({ context }) => ({ name: context.removing!.name }),
            onDone: {
              target: "browsing",
              actions: assign(({ context }) => ({
                regions: context.regions.filter((region) => region.name !== context.removing?.name),
                notice: `${context.removing?.name} ${context.removing?.title} was removed.`,
                removing: null,
              })),
            },
            // A region that has practices stays: the refusal names them, on the screen.
            onError: { target: "browsing", actions: [{ type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }, assign({ removing: null })] },
          },
        },
      },
    },
  },
});

/** The running machine a screen renders (src/app creates it). */
export type PracticesAdminActor = ActorRefFrom<typeof practicesAdminMachine>;
