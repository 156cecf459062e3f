// The Practices and regions screen (administrators): every practice with its region and payers,
// adding and changing a practice in a form, and naming the four regions, so that a production
// database is filled from the app. The server's refusals (an abbreviation in use) come back as the
// form's failure. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { isAbbreviation } from "../../../domain/practices/practiceRules.ts";
import { failureOf, type Failure } from "../adminFailure";
import { notProvided } from "../notProvided";

type Schemas = components["schemas"];
export type Practice = Schemas["Practice"];
export type PracticeInput = Schemas["PracticeInput"];
export type RegionSummary = Schemas["RegionSummary"];
export type Region = Schemas["Region"];
export type Brand = Schemas["Brand"];

/** The practice being added (id null) or changed. */
export interface PracticeDraft extends PracticeInput {
  id: number | null;
}

export interface PracticesAdminContext {
  practices: Practice[];
  regions: RegionSummary[];
  draft: PracticeDraft | null;
  /** The region being named, and the name typed so far. */
  regionDraft: { name: Region; title: string } | null;
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
  | { type: "regions.rename"; name: Region }
  | { type: "regions.draft.change"; title: string }
  | { type: "regions.save" }
  | { type: "practices.retry" };

const NEW_PRACTICE: PracticeDraft = { id: null, practice: "", practiceabbr: "", region: "SMD", brands: [] };

/** The draft as the contract takes it. */
export const inputOf = ({ practice, practiceabbr, region, brands }: PracticeDraft): PracticeInput => ({
  practice: practice.trim(),
  practiceabbr: practiceabbr.trim(),
  region,
  brands,
});

const replaced = (practices: Practice[], practice: Practice) =>
  practices.some((row) => row.id === practice.id) ? practices.map((row) => (row.id === practice.id ? practice : row)) : [...practices, practice];
const withDraft = (draft: PracticeDraft | null, change: Partial<PracticeDraft>) => (draft ? { ...draft, ...change } : null);

export const practicesAdminMachine = setup({
  types: { context: {} as PracticesAdminContext, events: {} as PracticesAdminEvent },
  actors: {
    /** GET /practice/list and GET /regions. */
    load: notProvided<{ practices: Practice[]; regions: RegionSummary[] }>("load"),
    /** POST /practices (id null) or PUT /practices/{id}. */
    savePractice: notProvided<Practice, { id: number | null; body: PracticeInput }>("savePractice"),
    /** PUT /regions/{name}. */
    renameRegion: notProvided<RegionSummary, { name: Region; title: string }>("renameRegion"),
  },
  actions: {
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  guards: {
    practiceComplete: ({ context }) => context.draft !== null && context.draft.practice.trim() !== "" && isAbbreviation(context.draft.practiceabbr),
    titleGiven: ({ context }) => context.regionDraft !== null && context.regionDraft.title.trim() !== "",
  },
}).createMachine({
  id: "practicesAdmin",
  context: { practices: [], regions: [], draft: null, regionDraft: null, failure: null, notice: null },
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
            "practices.add": { target: "editing", actions: assign({ draft: NEW_PRACTICE, failure: null, notice: null }) },
            "practices.edit": {
              target: "editing",
              actions: assign(({ context, event }) => {
                const practice = context.practices.find((row) => row.id === event.id);
                return { draft: practice ? { ...practice, brands: [...practice.brands] } : null, failure: null, notice: null };
              }),
            },
            "regions.rename": {
              target: "renaming",
              actions: assign(({ context, event }) => ({
                regionDraft: { name: event.name, title: context.regions.find((region) => region.name === event.name)?.title ?? "" },
                failure: null,
                notice: null,
              })),
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
            "regions.draft.change": { actions: assign({ regionDraft: ({ context, event }) => context.regionDraft && { ...context.regionDraft, title: event.title } }) },
            "regions.save": { guard: "titleGiven", target: "savingRegion" },
            "practices.cancel": { target: "browsing", actions: assign({ regionDraft: null, failure: null }) },
          },
        },
        savingRegion: {
          invoke: {
            src: "renameRegion",
            input: ({ context }) => ({ name: context.regionDraft!.name, title: context.regionDraft!.title.trim() }),
            onDone: {
              target: "browsing",
              actions: assign(({ context, event }) => ({
                regions: context.regions.map((region) => (region.name === event.output.name ? event.output : region)),
                notice: `${event.output.name} is now called ${event.output.title}.`,
                regionDraft: null,
                failure: null,
              })),
            },
            onError: { target: "renaming", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

/** The running machine a screen renders (src/app creates it). */
export type PracticesAdminActor = ActorRefFrom<typeof practicesAdminMachine>;
