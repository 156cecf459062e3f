// The call center's recent work: every saved result (a call) and every note, by the seeded staff,
// at working hours over the last weeks. A member's Result, notes and notestimestamp are derived
// from its own history, so the list and the history modals always agree.
import type { Faker } from "@faker-js/faker";
import { BLANK_RESULT } from "../domain/vocabulary.ts";
import { noteAfterCall } from "./noteTexts.ts";
import type { MemberResult, NoteRecord, ResultRecord, World } from "./records.ts";
import { createWorkTimeSampler, workingDays } from "./time/workingHours.ts";
import { toIsoInstant } from "./time/zonedDays.ts";

/** Long enough for "last month" of the reports on any day of the month. */
export const ACTIVITY_DAYS = 62;
const SHARE_OF_MEMBERS_CALLED = 0.6;
const CALLS_PER_MEMBER = [
  { value: 1, weight: 50 },
  { value: 2, weight: 30 },
  { value: 3, weight: 15 },
  { value: 4, weight: 5 },
];
const SHARE_OF_CALLS_WITH_NOTE = 0.45;

/** Outcomes of the calls before the last one: the member was not reached or asked to call again. */
const EARLIER_OUTCOMES: { value: MemberResult; weight: number }[] = [
  { value: "No answer", weight: 35 },
  { value: "Left message", weight: 35 },
  { value: "Contact Made Call Back", weight: 15 },
  { value: "Phone number issues", weight: 5 },
  { value: "Broken", weight: 5 },
  { value: "Reschedule", weight: 5 },
];
/** Outcomes of a member's latest call: every option of the list occurs. */
const LATEST_OUTCOMES: { value: MemberResult; weight: number }[] = [
  { value: "Appointment Made", weight: 18 },
  { value: "Left message", weight: 16 },
  { value: "No answer", weight: 14 },
  { value: "Contact Made Call Back", weight: 10 },
  { value: "Phone number issues", weight: 6 },
  { value: "Contact Made Not Interested", weight: 5 },
  { value: "Confirm", weight: 5 },
  { value: "Reschedule", weight: 4 },
  { value: "Broken", weight: 4 },
  { value: "Broken-Tx", weight: 2 },
  { value: "Transfer", weight: 2 },
  { value: "CM-DNC- Other Dentist", weight: 2 },
  { value: "CM-DNC- Moved", weight: 2 },
  { value: "DNC- Other Dentist", weight: 1.5 },
  { value: "DNC- Moved", weight: 1.5 },
  { value: "DNC-Notes", weight: 1.5 },
  { value: "Excessive Broken", weight: 1 },
];

type Draft<T> = Omit<T, "id" | "createdAt"> & { at: number };

/** Ids in time order, as a database sequence would have handed them out. */
function inTimeOrder<T>(drafts: Draft<T>[]): (T & { id: number; createdAt: string })[] {
  return drafts
    .sort((a, b) => a.at - b.at)
    .map(({ at, ...rest }, index) => ({ ...(rest as T), id: index + 1, createdAt: toIsoInstant(at) }));
}

export function buildActivity(faker: Faker, world: World): { notes: NoteRecord[]; results: ResultRecord[] } {
  const now = world.today.getTime();
  const drawWorkTime = createWorkTimeSampler(faker, workingDays(world.today, ACTIVITY_DAYS));
  // Agents make the calls; the administrator now and then.
  const staff = world.users.map((user) => ({ value: user.id, weight: user.isAdmin ? 0.2 : 1 }));
  const results: Draft<ResultRecord>[] = [];
  const notes: Draft<NoteRecord>[] = [];

  for (const member of world.members) {
    // A member is called only after its record arrived from the payer (entryTime).
    const maxDaysAgo = Math.min(ACTIVITY_DAYS - 1, member.Days_Extracted - 1);
    member.Result = BLANK_RESULT;
    member.notes = null;
    member.notestimestamp = null;
    if (maxDaysAgo < 0 || !faker.datatype.boolean({ probability: SHARE_OF_MEMBERS_CALLED })) continue;

    const calls = faker.helpers.weightedArrayElement(CALLS_PER_MEMBER);
    const times: (number | null)[] = [];
    // null: today's call while today has not opened yet (it still takes its draws, so no later one shifts)
    for (let call = 0; call < calls; call += 1) times.push(drawWorkTime(maxDaysAgo));
    times.sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
    times.forEach((at, index) => {
      const latest = index === times.length - 1;
      const Result = faker.helpers.weightedArrayElement(latest ? LATEST_OUTCOMES : EARLIER_OUTCOMES);
      const userId = faker.helpers.weightedArrayElement(staff);
      const withNote = faker.datatype.boolean({ probability: SHARE_OF_CALLS_WITH_NOTE });
      const writtenAfter = withNote ? faker.number.int({ min: 30, max: 300 }) * 1000 : 0;
      const text = withNote ? noteAfterCall(Result, { faker, at: new Date(at ?? now), child: member.First_Name }) : "";
      if (at === null) return;
      results.push({ memberId: member.id, userId, Result, at });
      member.Result = Result;
      if (!withNote) return;
      // Written a few minutes after hanging up; a call that just ended has its note written by now.
      const writtenAt = at + writtenAfter;
      const noteAt = writtenAt < now ? writtenAt : at + Math.floor((now - at) / 2000) * 1000;
      notes.push({ memberId: member.id, userId, notes: text, at: noteAt });
      const noteTimestamp = toIsoInstant(noteAt);
      if (member.notestimestamp && member.notestimestamp > noteTimestamp) return;
      member.notes = text;
      member.notestimestamp = noteTimestamp;
    });
  }
  return { notes: inTimeOrder<NoteRecord>(notes), results: inTimeOrder<ResultRecord>(results) };
}
