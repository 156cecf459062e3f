// The contact data report (tag reports): calls by hour, contacted or not, and appointments set by
// hour, over the periods around the practice calendar's today; of every save, or of a campaign's.
import type { components } from "../../contract/schema.d.ts";
import type { Handlers } from "../handlers.ts";
import { callsByHour, type HourCounts } from "./contactData.repository.ts";
import { reportPeriods, zonedDate } from "../../domain/calendar.ts";
import { calendarNow } from "../calendar.ts";
import { checkCampaignFilter } from "../campaigns/campaigns.repository.ts";

type Report = components["schemas"]["ContactDataReport"];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export const contactDataHandlers: Handlers = {
  async getContactDataReport({ services, query }) {
    await checkCampaignFilter(services.db, query.campaign);
    const now = calendarNow(services);
    const timeZone = services.config.reportTimeZone;
    const periods = reportPeriods(zonedDate(now, timeZone));
    const counts = await callsByHour(
      services.reads().db,
      { today: periods.today, thisWeek: periods.thisWeek, lastWeek: periods.lastWeek, thisMonth: periods.monthToDate, lastMonth: periods.lastMonth },
      timeZone,
      query.campaign,
    );
    const slot = new Map<string, HourCounts>(counts.map((row) => [`${row.period} ${row.hour}`, row]));
    const at = (period: string, hour: number) => slot.get(`${period} ${hour}`);
    const calls = (period: string) =>
      HOURS.map((hour) => ({ hour, contacted: at(period, hour)?.contacted ?? 0, notContacted: at(period, hour)?.notContacted ?? 0 }));
    const appointments = (period: string) => HOURS.map((hour) => ({ hour, count: at(period, hour)?.appointments ?? 0 }));
    const report: Report = {
      generatedAt: now.toISOString(),
      timeZone,
      calls: { today: calls("today"), thisWeek: calls("thisWeek"), lastWeek: calls("lastWeek"), thisMonth: calls("thisMonth"), lastMonth: calls("lastMonth") },
      appointments: { today: appointments("today"), week: appointments("thisWeek"), month: appointments("thisMonth") },
    };
    return report;
  },
};
