// Reading help items and notifications as openapi.yaml orders them, with the files' links as
// absolute URLs (domain/helpLinks.ts).
import type { components } from "../../contract/schema";
import type { HelpItemRecord, HelpNotificationRecord } from "../../demo/records.ts";
import { absoluteLinks } from "../../domain/helpLinks.ts";
import { compareText } from "../../domain/order.ts";

type HelpItem = components["schemas"]["HelpItem"];
type HelpNotification = components["schemas"]["HelpNotification"];

/** By heading, ties by id. */
export function byHeading(a: HelpItemRecord, b: HelpItemRecord): number {
  return compareText(a.heading, b.heading) || a.id - b.id;
}

export function toHelpItem(record: HelpItemRecord, base: string): HelpItem {
  return { ...record, fileLinks: absoluteLinks(record.fileLinks, base) };
}

/** A user's unseen notifications with their item's heading, newest first, ties by id descending. */
export function unseenNotifications(
  notifications: readonly HelpNotificationRecord[],
  items: readonly HelpItemRecord[],
  userId: number,
): HelpNotification[] {
  const headings = new Map(items.map((item) => [item.id, item.heading]));
  return notifications
    .filter((notification) => notification.userId === userId && !notification.seen)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
    .map(({ id, helpId, createdAt, seen }) => ({ id, helpId, heading: headings.get(helpId) ?? "", createdAt, seen }));
}

/** Marks the user's own unseen notifications among `ids` as seen; answers how many changed. */
export function markSeen(notifications: HelpNotificationRecord[], userId: number, ids: readonly number[]): number {
  const wanted = new Set(ids);
  let updated = 0;
  for (const notification of notifications) {
    if (notification.userId === userId && !notification.seen && wanted.has(notification.id)) {
      notification.seen = true;
      updated += 1;
    }
  }
  return updated;
}
