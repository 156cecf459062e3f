// The quality index: leads won and lost (by when they were decided) and the outcome and funnel of
// the leads that came in (by when they were entered), over the periods the client sends
// (openapi.yaml getQualityIndexReport).
import type { components } from "../../contract/schema";
import type { LeadRecord } from "../../demo/records.ts";
import { percentOf } from "../../domain/reports/percent.ts";
import { countsByPractice, countsByReason, increment } from "./counting";
import { contains, toInstantRange } from "../../domain/calendar.ts";
import { FUNNEL_STAGES, type QualityIndexRequest } from "../../domain/reports/qualityIndex.ts";

type Schemas = components["schemas"];
type Practice = Schemas["Practice"];


/** Counts of the leads decided in one period. */
class Decided {
  won = 0;
  lost = 0;
  wonByPractice = new Map<number, number>();
  lostByPractice = new Map<number, number>();
  lostByReason = new Map<string, number>();

  add(lead: LeadRecord) {
    if (lead.outcome === "won") {
      this.won += 1;
      increment(this.wonByPractice, lead.practiceId);
    } else if (lead.outcome === "lost") {
      this.lost += 1;
      increment(this.lostByPractice, lead.practiceId);
      increment(this.lostByReason, lead.lostReason ?? "");
    }
  }

  status(): Schemas["LeadOutcomeCount"][] {
    return [
      { label: "Won", count: this.won },
      { label: "Lost", count: this.lost },
    ];
  }
}

/** Outcomes and funnel of the leads entered in one period. */
class Entered {
  total = 0;
  outcomes = { won: 0, lost: 0, open: 0 };
  reached = FUNNEL_STAGES.map(() => 0);

  add(lead: LeadRecord) {
    this.total += 1;
    this.outcomes[lead.outcome] += 1;
    const furthest = FUNNEL_STAGES.indexOf(lead.stage);
    for (let stage = 0; stage <= furthest; stage += 1) this.reached[stage]! += 1;
  }

  conversion(): Schemas["ConversionSlice"][] {
    return (["Won", "Lost", "Open"] as const).map((label) => {
      const count = this.outcomes[label.toLowerCase() as keyof Entered["outcomes"]];
      return { label, count, percent: percentOf(count, this.total) };
    });
  }

  funnel(): Schemas["FunnelStage"][] {
    return FUNNEL_STAGES.map((stage, index) => ({ stage, count: this.reached[index]! }));
  }
}

export function qualityIndexReport(
  leads: readonly LeadRecord[],
  practices: readonly Practice[],
  request: QualityIndexRequest,
): Schemas["QualityIndexReport"] {
  const today = toInstantRange({ startDate: request.d1, endDate: request.d2 });
  const week = toInstantRange({ startDate: request.weekStart, endDate: request.weekEnd });
  const month = toInstantRange({ startDate: request.thisMonth, endDate: request.d2 });
  const decided = { today: new Decided(), week: new Decided(), month: new Decided() };
  const entered = { week: new Entered(), month: new Entered() };

  for (const lead of leads) {
    if (lead.closedAt !== null) {
      const closed = Date.parse(lead.closedAt);
      if (contains(today, closed)) decided.today.add(lead);
      if (contains(week, closed)) decided.week.add(lead);
      if (contains(month, closed)) decided.month.add(lead);
    }
    const created = Date.parse(lead.createdAt);
    if (contains(week, created)) entered.week.add(lead);
    if (contains(month, created)) entered.month.add(lead);
  }

  const monthCompleted = new Map(decided.month.wonByPractice);
  for (const [practiceId, count] of decided.month.lostByPractice) increment(monthCompleted, practiceId, count);
  return {
    weeklyleadStatus: decided.week.status(),
    monthleadStatus: decided.month.status(),
    qualityWon: countsByPractice(decided.week.wonByPractice, practices),
    qualityMonthWon: countsByPractice(decided.month.wonByPractice, practices),
    qualityWonToday: countsByPractice(decided.today.wonByPractice, practices),
    qualityLost: countsByPractice(decided.week.lostByPractice, practices),
    qualityMonthLost: countsByPractice(decided.month.lostByPractice, practices),
    leadsMonth: countsByPractice(monthCompleted, practices),
    lostLeads: countsByReason(decided.month.lostByReason),
    leadsConversion: entered.month.conversion(),
    leadsConversionWeekly: entered.week.conversion(),
    lostLeadsWeekly: countsByReason(decided.week.lostByReason),
    sales_funnel: entered.month.funnel(),
  };
}
