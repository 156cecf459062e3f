// Call recordings of the last 90 days: a handful per working day, stored in day folders per
// practice, each with the number called, the agent on the call and the file's size. Every
// recording stands for one of the demo audio files of its campaign's kind. Every fourth is a call
// to a member of its practice, linked to them as the import links one, so that a member's
// recordings are there to be found; the others went to numbers no member has.
import type { Faker } from "@faker-js/faker";
import type { CallRecordingRecord, DemoAudioFile, MemberRecord, World } from "../records.ts";
import { openHours, zonedDaysAround } from "../time/zonedDays.ts";

export const CAMPAIGNS: { value: { name: string; audio: DemoAudioFile }; weight: number }[] = [
  { value: { name: "Recare Outreach", audio: "recare-voicemail.mp3" }, weight: 40 },
  { value: { name: "New Patient Welcome", audio: "new-patient-welcome.mp3" }, weight: 20 },
  { value: { name: "Broken Appointment Follow-up", audio: "recare-voicemail.mp3" }, weight: 15 },
  { value: { name: "Inbound", audio: "inbound-call.mp3" }, weight: 25 },
];

/** Area codes of the group's cities (Houston, San Antonio, Dallas, El Paso, the Rio Grande Valley). */
const AREA_CODES = ["713", "281", "832", "210", "726", "214", "469", "915", "956"];
const RECORDING_DAYS = 90;
/** The call center's hours, local time. */
const FIRST_HOUR = 8;
const LAST_HOUR = 18;
/** MP3 at 32 kbit/s mono: 4,000 bytes a second. */
const BYTES_PER_SECOND = 4000;

function callsOnDay(faker: Faker, weekday: number): number {
  if (weekday === 0) return 0;
  if (weekday === 6) return faker.number.int({ min: 0, max: 3 });
  return faker.number.int({ min: 4, max: 10 });
}

/** Most calls are short (voicemail, a quick confirmation), some run for minutes. */
function callSeconds(faker: Faker): number {
  return faker.datatype.boolean({ probability: 0.6 }) ? faker.number.int({ min: 15, max: 90 }) : faker.number.int({ min: 90, max: 900 });
}

const stamp = (instant: Date) => instant.toISOString().replace(/[-:]/g, "").slice(0, 15);

/** Recordings of a call to a member: one in this many. */
const MEMBER_CALL_EVERY = 4;

/**
 * The member a recording's call went to, if it was one: picked by the recording's id, not drawn
 * from faker, so that every other value of the world stays as it was.
 */
function calledMember(id: number, membersOfPractice: readonly MemberRecord[] | undefined): MemberRecord | undefined {
  if (id % MEMBER_CALL_EVERY !== 0 || !membersOfPractice?.length) return undefined;
  return membersOfPractice[(id * 7919) % membersOfPractice.length];
}

export function buildRecordings(faker: Faker, { practices, users, members, today }: World): CallRecordingRecord[] {
  const agents = users.filter((user) => !user.isAdmin);
  const membersByPractice = Map.groupBy(members.filter((member) => member.Phone !== ""), (member) => member.practiceId);
  const recordings: CallRecordingRecord[] = [];
  for (const day of zonedDaysAround(today, RECORDING_DAYS - 1)) {
    const hours = openHours(day, FIRST_HOUR, LAST_HOUR, today.getTime());
    const times = Array.from({ length: callsOnDay(faker, day.weekday) }, () => faker.number.int({ min: hours.from, max: hours.to - 1 }));
    for (const drawnTime of times.sort((a, b) => a - b)) {
      const id = recordings.length + 1;
      const practice = faker.helpers.arrayElement(practices);
      const campaign = faker.helpers.weightedArrayElement(CAMPAIGNS);
      const drawn = faker.helpers.arrayElement(AREA_CODES) + faker.string.numeric({ length: 7, allowLeadingZeros: false });
      const mail = faker.helpers.arrayElement(agents).email;
      const size = callSeconds(faker) * BYTES_PER_SECOND + faker.number.int({ min: 0, max: 3999 });
      const time = hours.place(drawnTime);
      // null: today's call before the window opens (drawn all the same, so no later draw shifts)
      if (time === null) continue;
      const member = calledMember(id, membersByPractice.get(practice.id));
      const phone = member ? member.Phone.replace(/\D/g, "") : drawn;
      const recordedAt = new Date(time);
      const name = `${stamp(recordedAt)}_${phone}.mp3`;
      recordings.push({
        id,
        name,
        dateFolder: day.date,
        practice: practice.practiceabbr,
        practiceId: practice.id,
        campaign: campaign.name,
        phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
        mail,
        size,
        url: `${day.date}/${practice.practiceabbr}/${name}`,
        recordedAt: recordedAt.toISOString(),
        audioRemovedAt: null,
        file: campaign.audio,
        memberId: member?.id ?? null,
      });
    }
  }
  return recordings;
}
