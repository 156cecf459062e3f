// What the queue's handlers read off the services: its rules and zone, its clocks, the open zones.
import { STATE_TIME_ZONES } from "../../domain/queue/timeZones.ts";
import { isInCallingWindow } from "../../domain/queue/callingWindow.ts";
import { calendarNow } from "../calendar.ts";
import type { ServerConfig } from "../config.ts";
import type { Services } from "../services.ts";
import type { QueueSetting } from "./queueState.repository.ts";

/** The queue's rules and zone as configured (the handlers', and `npm run user`'s, which has no services). */
export const queueSettingOf = (config: ServerConfig): QueueSetting => ({ rules: config.queue, groupZone: config.reportTimeZone });

export const settingOf = (services: Services): QueueSetting => queueSettingOf(services.config);

/**
 * The queue's clock is the calendar's (the clock saved results are stamped by, so cooldowns end
 * where they should, also in demonstrations of the demo data); claims keep their own.
 */
export const clocksOf = (services: Services) => ({ now: calendarNow(services), claimsNow: services.now() });

/**
 * The zones members can be in whose calling window is open now: every State's, the practice
 * group's, and the practices' own (`practiceZones`).
 */
export function openZonesAt(now: Date, setting: QueueSetting, practiceZones: readonly string[]): string[] {
  const zones = new Set([setting.groupZone, ...practiceZones, ...Object.values(STATE_TIME_ZONES).filter((zone): zone is string => zone !== null)]);
  return [...zones].filter((zone) => isInCallingWindow(now.getTime(), zone, setting.rules.callingWindow));
}
