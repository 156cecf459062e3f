// Open Dental writes its times as the office server's wall clock without an offset
// ("2026-11-16 09:30:00"): the connector reads them as text and turns them into instants in the
// zone that clock runs in (OPENDENTAL_TIME_ZONE). In the hour a clock repeats when it goes back,
// a time reads as its first occurrence; in the hour it skips, as the time after the jump.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    formats.set(timeZone, format);
  }
  return format;
}

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(formatOf(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Open Dental's empty date-time (and date). */
export const isEmptySourceTime = (text: string) => text.startsWith("0001-01-01") || text.startsWith("0000-00-00");

/** The instant a wall-clock time of the source ("YYYY-MM-DD HH:MM:SS" or "YYYY-MM-DD") stands for. */
export function sourceInstant(text: string, timeZone: string): Date {
  const [date, time = "00:00:00"] = text.split(" ");
  const wall = Date.parse(`${date}T${time}Z`);
  if (Number.isNaN(wall)) throw new Error(`not a date-time of the source: "${text}"`);
  const first = wall - offsetAt(wall, timeZone);
  const instant = wall - offsetAt(first, timeZone);
  // A time the clocks skipped (spring forward) has no instant of its own: the one after the jump.
  return new Date(instant + offsetAt(instant, timeZone) === wall ? instant : first);
}
