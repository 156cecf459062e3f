// The campaign editor with stub calls and fake timers: the targets are counted 750 ms after their
// last change (749 ms does nothing), as the members list's query without the filters that filter
// nothing; saving sends the contract's campaign with the version seen; the server's refusal comes
// back on the fields it names, and the form stays as typed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { HttpError } from "../../../contract/errors.ts";
import { draftOf, newDraft, type Campaign, type CampaignInput, type CampaignTargets, type CampaignTargetsCount } from "./campaignDraft";
import { campaignEditorMachine } from "./campaignEditor.machine";
import * as select from "./campaigns.selectors";

const CAMPAIGN: Campaign = {
  id: 4,
  name: "MCNA recare Houston",
  description: "Overdue recare",
  script: "Hello,\nthis is the Houston office.",
  targets: { company: "mcna", practice: "2,3", result: "" },
  agents: [7, 8],
  startsOn: "2026-11-30",
  endsOn: "2026-12-04",
  hours: { from: "09:00", to: "17:00" },
  goalResult: "Appointment Made",
  goalCount: 40,
  goalBy: "2026-12-04",
  attemptCap: 3,
  cooldownHours: { noAnswer: 24, leftMessage: null },
  position: 1,
  state: "active",
  version: 5,
};

function start(draft = newDraft("2026-11-29", 2), { failSave }: { failSave?: unknown } = {}) {
  const counted: CampaignTargets[] = [];
  const saved: { id: number | null; version: number | null; body: CampaignInput }[] = [];
  const machine = campaignEditorMachine.provide({
    actors: {
      countTargets: fromPromise<CampaignTargetsCount, CampaignTargets>(async ({ input }) => {
        counted.push(input);
        return input.company === "tmhp" ? { count: 0, warning: "These filters match no member: the campaign would serve nobody." } : { count: 1200, warning: null };
      }),
      saveCampaign: fromPromise<Campaign, { id: number | null; version: number | null; body: CampaignInput }>(async ({ input }) => {
        saved.push(input);
        if (failSave) throw failSave;
        return { ...CAMPAIGN, ...input.body, id: input.id ?? 9, state: "draft", version: (input.version ?? 0) + 1 };
      }),
    },
  });
  const editor = createActor(machine, { input: { draft } }).start();
  return { editor, counted, saved };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("campaign editor", () => {
  it("opens a campaign's targets as the list's filters and counts them after 750 ms, again after each change", async () => {
    const { editor, counted } = start(draftOf(CAMPAIGN));
    expect(select.selectDraft(editor.getSnapshot()).filters).toMatchObject({ brand: "mcna", practiceIds: [2, 3], result: "" });
    await vi.advanceTimersByTimeAsync(749);
    expect(counted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(counted).toEqual([{ company: "mcna", practice: "2,3", result: "" }]);
    expect(select.selectTargetCount(editor.getSnapshot())).toEqual({ state: "counted", count: 1200, warning: null });

    // A brand change resets the practices, as on the members list.
    editor.send({ type: "editor.filter.change", change: { brand: "tmhp" } });
    expect(select.selectDraft(editor.getSnapshot()).filters.practiceIds).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    editor.send({ type: "editor.search.change", text: " reed " });
    await vi.advanceTimersByTimeAsync(749);
    expect(counted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(counted[1]).toEqual({ company: "tmhp", search: "reed", result: "" });
    expect(select.selectTargetCount(editor.getSnapshot())).toEqual({ state: "counted", count: 0, warning: "These filters match no member: the campaign would serve nobody." });
  });

  it("saves a change with the version seen, hours and cap as the contract takes them", async () => {
    const { editor, saved } = start(draftOf(CAMPAIGN));
    editor.send({ type: "editor.field.change", field: "hoursFrom", value: "" });
    editor.send({ type: "editor.field.change", field: "hoursTo", value: "" });
    editor.send({ type: "editor.field.change", field: "attemptCap", value: "" });
    editor.send({ type: "editor.agent.toggle", id: 7 });
    editor.send({ type: "editor.agent.toggle", id: 12 });
    editor.send({ type: "editor.save" });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual([
      {
        id: 4,
        version: 5,
        body: {
          name: "MCNA recare Houston",
          description: "Overdue recare",
          script: "Hello,\nthis is the Houston office.",
          targets: { company: "mcna", practice: "2,3", result: "" },
          agents: [8, 12],
          startsOn: "2026-11-30",
          endsOn: "2026-12-04",
          hours: null,
          goalResult: "Appointment Made",
          goalCount: 40,
          goalBy: "2026-12-04",
          attemptCap: null,
          cooldownHours: { noAnswer: 24, leftMessage: null },
          position: 1,
        },
      },
    ]);
    expect(editor.getSnapshot().output).toMatchObject({ campaign: { id: 4, version: 6, agents: [8, 12] }, created: false });
  });

  it("a new campaign needs a name; the server's refusal shows on its fields and the draft stays as typed", async () => {
    const refusal = new HttpError(400, "Invalid request", [
      { field: "endsOn", message: "is before the first day" },
      { field: "hours", message: "must be inside the calling window, 08:00 to 21:00, and end after they start" },
    ]);
    const { editor, saved } = start(undefined, { failSave: refusal });
    editor.send({ type: "editor.save" });
    expect(saved).toEqual([]);
    expect(select.selectCanSave(editor.getSnapshot())).toBe(false);
    editor.send({ type: "editor.field.change", field: "name", value: "UHC new patients" });
    editor.send({ type: "editor.field.change", field: "endsOn", value: "2026-11-01" });
    editor.send({ type: "editor.save" });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved[0]).toMatchObject({ id: null, version: null, body: { name: "UHC new patients", targets: {}, position: 2, goalResult: null } });
    expect(select.selectFieldProblems(editor.getSnapshot())).toEqual({
      endsOn: "is before the first day",
      hours: "must be inside the calling window, 08:00 to 21:00, and end after they start",
    });
    expect(select.selectDraft(editor.getSnapshot()).endsOn).toBe("2026-11-01");
    expect(select.selectCanSave(editor.getSnapshot())).toBe(true);
  });
});
