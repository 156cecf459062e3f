// Generated content: call recordings, help items with their notifications, and the staff's page
// visits (the usage report's data).
import type { Faker } from "@faker-js/faker";
import type { CallRecordingRecord, HelpItemRecord, HelpNotificationRecord, PageVisitRecord, World } from "../records.ts";
import { buildHelpItems, buildHelpNotifications } from "./helpItems.ts";
import { buildPageVisits } from "./pageVisits.ts";
import { buildRecordings } from "./recordings.ts";

export function buildContent(
  faker: Faker,
  world: World,
): {
  recordings: CallRecordingRecord[];
  helpItems: HelpItemRecord[];
  helpNotifications: HelpNotificationRecord[];
  pageVisits: PageVisitRecord[];
} {
  const helpItems = buildHelpItems(world);
  return {
    recordings: buildRecordings(faker, world),
    helpItems,
    helpNotifications: buildHelpNotifications(faker, world, helpItems),
    pageVisits: buildPageVisits(faker, world),
  };
}
