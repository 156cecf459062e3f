// The directory's `dates` query (openapi.yaml getCallDirectoryList): `YYYY-MM-DD,YYYY-MM-DD`, two
// real dates, start not after end. The contract's pattern checks the shape; this checks the dates.
import { HttpError } from "../errors.ts";

const isCalendarDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

const refuse = (message: string) => new HttpError(400, "Invalid request: dates", [{ field: "dates", message }]);

export function parseDateRange(text: string): { startDate: string; endDate: string } {
  const [startDate = "", endDate = "", ...rest] = text.split(",");
  if (rest.length > 0 || !isCalendarDate(startDate) || !isCalendarDate(endDate)) throw refuse("must be two dates YYYY-MM-DD,YYYY-MM-DD");
  if (startDate > endDate) throw refuse("must not start after it ends");
  return { startDate, endDate };
}
