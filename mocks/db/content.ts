import type { Faker } from "@faker-js/faker";
import type { World } from "./createMockDb";
import type { CallRecordingRecord, HelpItemRecord, HelpNotificationRecord, PageVisitRecord } from "./records";

/** Call recordings, help items and page visits (filled in by the mock-backend issue). */
export function buildContent(
  _faker: Faker,
  _world: World,
): {
  recordings: CallRecordingRecord[];
  helpItems: HelpItemRecord[];
  helpNotifications: HelpNotificationRecord[];
  pageVisits: PageVisitRecord[];
} {
  return { recordings: [], helpItems: [], helpNotifications: [], pageVisits: [] };
}
