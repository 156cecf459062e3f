import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { contactDataViewMachine, type CallPeriod } from "./contactData.machine";
import { appointmentsChart, callsCharts, hourLabel, selectCallPeriod, type ContactDataReport } from "./contactData.selectors";

const hours = <T>(at: (hour: number) => T) => Array.from({ length: 24 }, (_, hour) => at(hour));
const calls = (contacted: number, notContacted: number) => hours((hour) => (hour === 9 ? { hour, contacted, notContacted } : { hour, contacted: 0, notContacted: 0 }));
const REPORT: ContactDataReport = {
  generatedAt: "2026-11-16T15:00:00.000Z",
  timeZone: "America/Chicago",
  calls: { today: calls(1, 3), thisWeek: calls(2, 2), lastWeek: calls(3, 1), thisMonth: calls(1, 2), lastMonth: calls(0, 0) },
  appointments: { today: hours((hour) => ({ hour, count: hour })), week: hours((hour) => ({ hour, count: 2 * hour })), month: hours((hour) => ({ hour, count: 3 * hour })) },
};

describe("contact data view", () => {
  it("shows today first and switches to an offered period without reloading anything", () => {
    const actor = createActor(contactDataViewMachine).start();
    expect(selectCallPeriod(actor.getSnapshot())).toBe("today");
    actor.send({ type: "contactData.period.select", period: "lastWeek" });
    expect(selectCallPeriod(actor.getSnapshot())).toBe("lastWeek");
    actor.send({ type: "contactData.period.select", period: "nextYear" as CallPeriod });
    expect(selectCallPeriod(actor.getSnapshot())).toBe("lastWeek");
  });
});

describe("contact data charts", () => {
  it("stacks contacted over not contacted by hour of the chosen period", () => {
    const { stacked } = callsCharts(REPORT, "today");
    expect(stacked).toMatchObject({ kind: "bar", stacked: true, title: "Calls by hour — Today", xTitle: "Hour of day (America/Chicago)" });
    expect(stacked.categories).toHaveLength(24);
    expect(stacked.categories[9]).toBe("09:00");
    expect(stacked.series.map((s) => [s.name, s.values[9]])).toEqual([["Contacted", 1], ["Not contacted", 3]]);
  });

  it("gives each hour's split as percent, none for hours without calls", () => {
    const { percent } = callsCharts(REPORT, "thisMonth");
    expect(percent.percent).toBe(true);
    expect(percent.series.map((s) => s.values[9])).toEqual([33.3, 66.7]);
    expect(percent.series.map((s) => s.values[0])).toEqual([null, null]);
    expect(callsCharts(REPORT, "lastMonth").percent.series.map((s) => s.values[9])).toEqual([null, null]);
  });

  it("draws appointments set by hour for today, week and month", () => {
    const spec = appointmentsChart(REPORT);
    expect(spec.series.map((s) => [s.name, s.values[5]])).toEqual([["Today", 5], ["This week", 10], ["This month", 15]]);
    expect(hourLabel(23)).toBe("23:00");
  });
});
