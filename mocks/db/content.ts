// Generated content of the fake backend: call recordings, help items with their notifications, and
// the staff's page visits (the usage report's data).
import type { Faker } from "@faker-js/faker";
import type { World } from "./createMockDb";
import { buildHelpItems, buildHelpNotifications, type HelpFiles } from "./helpItems";
import { buildPageVisits } from "./pageVisits";
import { buildRecordings } from "./recordings";
import type { CallRecordingRecord, HelpItemRecord, HelpNotificationRecord, PageVisitRecord } from "./records";

export function buildContent(
  faker: Faker,
  world: World,
  helpFiles: HelpFiles,
): {
  recordings: CallRecordingRecord[];
  helpItems: HelpItemRecord[];
  helpNotifications: HelpNotificationRecord[];
  pageVisits: PageVisitRecord[];
} {
  const helpItems = buildHelpItems(world, helpFiles);
  return {
    recordings: buildRecordings(faker, world),
    helpItems,
    helpNotifications: buildHelpNotifications(faker, world, helpItems),
    pageVisits: buildPageVisits(faker, world),
  };
}
