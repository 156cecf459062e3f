// The practice calendar's clock, which the members' saves and the reports share.
import type { Services } from "./services.ts";

/**
 * The instant of the practice calendar: the sessions' clock, moved by DEMO_CLOCK_START when the
 * demo data's days are shown (server/config.ts). Saved results and every report read it.
 */
export function calendarNow(services: Pick<Services, "now" | "config">): Date {
  return new Date(services.now().getTime() + services.config.calendarOffsetMs);
}
