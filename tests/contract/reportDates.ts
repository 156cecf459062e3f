// The calendar the report calls are asked about, as the screens compute it: "today" is the
// backend's own day (the contact data report states when it was made and in which time zone),
// weeks run Monday to Sunday (openapi.yaml, Dates).
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import type { Backend } from "./fixtures";

dayjs.extend(utc);
dayjs.extend(timezone);

const DAY = "YYYY-MM-DD";
const shift = (date: string, days: number) => dayjs.utc(date).add(days, "day").format(DAY);

export interface ReportCalendar {
  /** The backend's time zone of report days. */
  timeZone: string;
  today: string;
  yesterday: string;
  weekStart: string;
  weekEnd: string;
  lastWeekStart: string;
  lastWeekEnd: string;
  monthStart: string;
  lastMonthStart: string;
  lastMonthEnd: string;
  /** `YYYY-MM` of this month. */
  month: string;
}

export async function reportCalendar(backend: Backend): Promise<ReportCalendar> {
  const { body } = await backend.api.get("/report/contact-data-report", { token: backend.staff.token });
  const today = dayjs(body.generatedAt).tz(body.timeZone).format(DAY);
  const weekStart = shift(today, -((dayjs.utc(today).day() + 6) % 7));
  const monthStart = dayjs.utc(today).startOf("month");
  const lastMonth = monthStart.subtract(1, "month");
  return {
    timeZone: body.timeZone,
    today,
    yesterday: shift(today, -1),
    weekStart,
    weekEnd: shift(weekStart, 6),
    lastWeekStart: shift(weekStart, -7),
    lastWeekEnd: shift(weekStart, -1),
    monthStart: monthStart.format(DAY),
    lastMonthStart: lastMonth.format(DAY),
    lastMonthEnd: lastMonth.endOf("month").format(DAY),
    month: today.slice(0, 7),
  };
}

/** `YYYY-MM-DD` → the lead report's `MM-dd-yyyy`. */
export const leadDate = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

export const shiftDays = shift;
