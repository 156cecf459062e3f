// An instant as the administration screens show it, in the browser's time zone: "Nov 16, 2026, 9:00 AM".
const format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}
