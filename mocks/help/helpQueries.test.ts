import { describe, expect, it } from "vitest";
import type { HelpItemRecord, HelpNotificationRecord } from "../../demo/records.ts";
import { byHeading, markSeen, toHelpItem, unseenNotifications } from "./helpQueries";

const item = (id: number, heading: string, fileLinks = ""): HelpItemRecord => ({
  id,
  heading,
  description: "",
  fileLinks,
  parentPageId: "",
  pageId: "dashboard",
  type: "guide",
  updatedAt: "2026-11-01T12:00:00.000Z",
});

const notification = (id: number, userId: number, createdAt: string, seen = false): HelpNotificationRecord => ({
  id,
  helpId: 1,
  userId,
  createdAt,
  seen,
});

describe("byHeading", () => {
  it("sorts by heading, ties by id", () => {
    const items = [item(3, "Reports"), item(2, "Dashboard"), item(1, "Reports")];
    expect([...items].sort(byHeading).map((entry) => entry.id)).toEqual([2, 1, 3]);
  });
});

describe("toHelpItem", () => {
  it("answers a help item with its links absolute", () => {
    const record = item(1, "Tour", "/v.mp4");
    expect(toHelpItem(record, "http://127.0.0.1:4000/api")).toEqual({ ...record, fileLinks: "http://127.0.0.1:4000/v.mp4" });
  });
});

describe("unseenNotifications", () => {
  it("lists the user's unseen notifications newest first, ties by id descending, with the heading", () => {
    const notifications = [
      notification(1, 2, "2026-11-01T00:00:00.000Z"),
      notification(2, 2, "2026-11-03T00:00:00.000Z"),
      notification(3, 2, "2026-11-03T00:00:00.000Z"),
      notification(4, 2, "2026-11-04T00:00:00.000Z", true),
      notification(5, 9, "2026-11-05T00:00:00.000Z"),
    ];
    const list = unseenNotifications(notifications, [item(1, "Dashboard tour")], 2);

    expect(list.map((entry) => entry.id)).toEqual([3, 2, 1]);
    expect(list[0]).toEqual({ id: 3, helpId: 1, heading: "Dashboard tour", createdAt: "2026-11-03T00:00:00.000Z", seen: false });
  });
});

describe("markSeen", () => {
  it("marks only the user's own unseen notifications and counts them", () => {
    const notifications = [
      notification(1, 2, "2026-11-01T00:00:00.000Z"),
      notification(2, 2, "2026-11-01T00:00:00.000Z", true),
      notification(3, 9, "2026-11-01T00:00:00.000Z"),
      notification(4, 2, "2026-11-01T00:00:00.000Z"),
    ];

    expect(markSeen(notifications, 2, [1, 2, 3, 99])).toBe(1);
    expect(notifications.map((entry) => entry.seen)).toEqual([true, true, false, false]);
  });
});
