// No silent overwrite: every member carries a version; a save that sends the version its agent saw
// is refused with the current value (409) when a save of its kind landed since, and a save without
// one keeps the latest-wins behaviour.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend, type SignedIn } from "./fixtures";
import { worklist } from "./worklist";

const backend = useBackend();
const members = worklist(backend);
const nameOf = (who: SignedIn) => ({ firstname: who.user.firstname, lastname: who.user.lastname });

describe("the members list", () => {
  it("shows every member's version, 1 until its result or notes are saved", async () => {
    const member = await members.freshMember();
    expect(member.version).toBe(1);
    await members.saveResult(member, "No answer", backend.staff);
    await members.saveNotes(member, "Voicemail full.", backend.staff);
    expect((await members.listed(member))?.version).toBe(3);
  });
});

describe("saving with the version the agent saw", () => {
  it("saves when no one saved since, answering the member's new version", async () => {
    const member = await members.freshMember();
    const result = await members.saveResult(member, "Left message", backend.staff, member.version);
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ Result: "Left message", version: member.version + 1 });
    const note = await members.saveNotes(member, "Try after 5pm.", backend.staff, result.body.version);
    expect(note.status).toBe(201);
    expect(note.body.version).toBe(member.version + 2);
    expect((await members.listed(member))).toMatchObject({ Result: "Left message", notes: "Try after 5pm.", version: member.version + 2 });
  });

  it("refuses a result save that missed a backend.colleague's, with the result now, who saved it and when", async () => {
    const member = await members.freshMember({ result: "" });
    const theirs = await members.saveResult(member, "Appointment Made", backend.colleague, member.version);
    expect(theirs.status).toBe(201);
    const mine = await members.saveResult(member, "No answer", backend.staff, member.version);
    expect(mine.status).toBe(409);
    expect(mine.body).toMatchObject({
      statusCode: 409,
      current: { version: theirs.body.version, Result: "Appointment Made", savedAt: theirs.body.createdAt, savedBy: nameOf(backend.colleague) },
    });
    expect((await members.listed(member))).toMatchObject({ Result: "Appointment Made", version: theirs.body.version });

    // "Save mine": again with the version the conflict answered.
    const again = await members.saveResult(member, "No answer", backend.staff, mine.body.current.version);
    expect(again.status).toBe(201);
    expect((await members.listed(member))).toMatchObject({ Result: "No answer", version: again.body.version });
  });

  it("refuses a note save that missed a backend.colleague's note, with the note now", async () => {
    const member = await members.freshMember();
    const theirs = await members.saveNotes(member, "Mom prefers Spanish.", backend.colleague, member.version);
    const mine = await members.saveNotes(member, "Called, no answer.", backend.staff, member.version);
    expect(mine.status).toBe(409);
    expect(mine.body.current).toEqual({
      version: theirs.body.version,
      notes: "Mom prefers Spanish.",
      notestimestamp: theirs.body.notestimestamp,
      savedAt: theirs.body.notestimestamp,
      savedBy: nameOf(backend.colleague),
    });
    expect((await members.listed(member))?.notes).toBe("Mom prefers Spanish.");
  });

  it("lets a result through that missed only a note, and a note that missed only a result", async () => {
    const member = await members.freshMember();
    await members.saveNotes(member, "Asked for a callback.", backend.colleague, member.version);
    expect((await members.saveResult(member, "Contact Made Call Back", backend.staff, member.version)).status).toBe(201);
    const other = await members.freshMember();
    await members.saveResult(other, "Broken", backend.colleague, other.version);
    expect((await members.saveNotes(other, "Rebook next week.", backend.staff, other.version)).status).toBe(201);
  });

  it("refuses a version the member has not reached, naming version, and saves nothing", async () => {
    const member = await members.freshMember();
    const result = await members.saveResult(member, "No answer", backend.staff, member.version + 1);
    expect(result.status).toBe(400);
    expect(fieldsOf(result.body)).toEqual(["version"]);
    const note = await members.saveNotes(member, "Nobody home.", backend.staff, member.version + 5);
    expect(note.status).toBe(400);
    expect(fieldsOf(note.body)).toEqual(["version"]);
    expect((await members.listed(member))).toMatchObject({ Result: member.Result, notes: member.notes, version: member.version });
  });

  it("refuses a version that is not a positive integer, naming version", async () => {
    const member = await members.freshMember();
    for (const version of [0, -1, 1.5, "latest"]) {
      const answer = await members.saveResult(member, "No answer", backend.staff, version);
      expect(answer.status).toBe(400);
      expect(fieldsOf(answer.body)).toEqual(["version"]);
    }
  });
});

describe("saving without a version", () => {
  it("keeps the latest-wins behaviour: both saves land, the later is the member's", async () => {
    const member = await members.freshMember();
    const first = await members.saveResult(member, "Broken", backend.colleague);
    const second = await members.saveResult(member, "Reschedule", backend.staff);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.version).toBe(first.body.version + 1);
    expect((await members.listed(member))).toMatchObject({ Result: "Reschedule", version: second.body.version });
  });
});
