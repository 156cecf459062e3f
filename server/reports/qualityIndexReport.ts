// The quality index for a request: leads won and lost, the outcome and the funnel of the leads that
// came in, over the client's periods, as the screen's call and its export answer it.
import type { components } from "../../contract/schema.d.ts";
import { invalidRequest } from "../../contract/errors.ts";
import { percentOf } from "../../domain/reports/percent.ts";
import { FUNNEL_STAGES, qualityIndexProblems, type QualityIndexRequest } from "../../domain/reports/qualityIndex.ts";
import type { Services } from "../services.ts";
import { decidedByPractice, decidedTotals, enteredSummary, lostByReason, type EnteredSummary } from "./qualityIndex.repository.ts";

type Schemas = components["schemas"];

const status = (totals: { won: number; lost: number }): Schemas["LeadOutcomeCount"][] => [
  { label: "Won", count: totals.won },
  { label: "Lost", count: totals.lost },
];

const conversion = (entered: EnteredSummary): Schemas["ConversionSlice"][] =>
  ([
    ["Won", entered.won],
    ["Lost", entered.lost],
    ["Open", entered.open],
  ] as const).map(([label, count]) => ({ label, count, percent: percentOf(count, entered.total) }));

/** The report for a request, as the screen reads it (and its export writes it). */
export async function qualityIndexReport(services: Services, body: QualityIndexRequest): Promise<Schemas["QualityIndexReport"]> {
  const problems = qualityIndexProblems(body);
  if (problems.length > 0) throw invalidRequest(problems);
  // A report: every one of its queries on one replica when there is one (the primary otherwise).
  const { db } = services.reads();
  const timeZone = services.config.reportTimeZone;
  // QualityIndexRequest: today is d1..d2, this week weekStart..weekEnd, month to date thisMonth..d2.
  const today = { startDate: body.d1, endDate: body.d2 };
  const week = { startDate: body.weekStart, endDate: body.weekEnd };
  const month = { startDate: body.thisMonth, endDate: body.d2 };
  const byPractice = (range: typeof today, outcomes: ("won" | "lost")[]) => decidedByPractice(db, range, outcomes, timeZone);
  // One query at a time: PGlite serves a single connection anyway.
  const weekTotals = await decidedTotals(db, week, timeZone);
  const monthTotals = await decidedTotals(db, month, timeZone);
  const weekEntered = await enteredSummary(db, week, timeZone);
  const monthEntered = await enteredSummary(db, month, timeZone);
  return {
    weeklyleadStatus: status(weekTotals),
    monthleadStatus: status(monthTotals),
    qualityWon: await byPractice(week, ["won"]),
    qualityMonthWon: await byPractice(month, ["won"]),
    qualityWonToday: await byPractice(today, ["won"]),
    qualityLost: await byPractice(week, ["lost"]),
    qualityMonthLost: await byPractice(month, ["lost"]),
    leadsMonth: await byPractice(month, ["won", "lost"]),
    lostLeads: await lostByReason(db, month, timeZone),
    leadsConversion: conversion(monthEntered),
    leadsConversionWeekly: conversion(weekEntered),
    lostLeadsWeekly: await lostByReason(db, week, timeZone),
    sales_funnel: FUNNEL_STAGES.map((stage, index) => ({ stage, count: monthEntered.reached[index] ?? 0 })),
  };
}
