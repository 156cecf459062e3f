import { describe, expect, it } from "vitest";
import { createMockDb } from "./db/createMockDb";
import { openSession } from "./db/sessions";
import { trackChanges } from "./persistence";

describe("trackChanges", () => {
  it("stores nothing for an untouched database", () => {
    const db = createMockDb({ size: 100 });

    expect(trackChanges(db).snapshot().arrays).toEqual({});
  });

  it("re-applies changed, added and session records to a freshly generated database", () => {
    const before = createMockDb({ size: 100 });
    const changes = trackChanges(before);
    const member = before.members[10]!;
    member.Result = "Appointment Made";
    before.setups.push({ userId: 1, appId: "call_center", field: "status", value: "New Patient" });
    const session = openSession(before.sessions, before.users[0]!);
    const saved = JSON.parse(JSON.stringify(changes.snapshot()));

    const after = createMockDb({ size: 100 });
    trackChanges(after).restore(saved);

    expect(after.members[10]).toEqual(member);
    expect(after.setups).toEqual([{ userId: 1, appId: "call_center", field: "status", value: "New Patient" }]);
    expect(after.sessions.get(session.token)).toEqual(session);
  });
});
