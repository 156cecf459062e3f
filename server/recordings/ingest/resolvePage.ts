// A page's recordings made whole: what the key leaves out (practice, agent) taken from the call
// start the recording matches by phone and time, the member found by practice and phone. A key
// that names an unknown practice, or leaves out what no call start gives, is refused with why.
import type { KeyFacts } from "../../../domain/recordings/keyLayout.ts";
import type { Examined, RefusalKind } from "./examineKeys.ts";
import type { CallAnswer, CallQuestion } from "./recordingImport.repository.ts";

/** The campaign of a recording whose key names none. */
export const PHONE_SYSTEM_CAMPAIGN = "Phone system";

export interface AcceptedRecording {
  key: string;
  size: number;
  recordedAt: Date;
  practiceId: number;
  campaign: string;
  /** As the members list shows phones: (512) 555-0142. */
  phone: string;
  agentEmail: string;
  memberId: number | null;
  callStartId: number | null;
}

export interface RefusedKey {
  /** Its place in the page. */
  index: number;
  key: string;
  kind: RefusalKind;
  reason: string;
}

const shownPhone = (digits: string) => (digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits);

function questionOf(facts: KeyFacts, practiceId: number | undefined): CallQuestion {
  return { practiceId: practiceId ?? null, phone: facts.phone ?? null, agentEmail: facts.agentEmail ?? null, recordedAt: facts.recordedAt };
}

function accept(key: string, size: number, facts: KeyFacts, call: CallAnswer): AcceptedRecording | { kind: RefusalKind; reason: string } {
  const missing = (what: string) => ({ kind: "no matching call" as const, reason: `the key names no ${what} and no call start matches it` });
  // Without a phone, only the one call started at that time is this recording's.
  if (facts.phone === undefined && call.callStarts !== 1) {
    return { kind: "no matching call", reason: call.callStarts === 0 ? "the key names no phone and no call start matches its time" : `the key names no phone and ${call.callStarts} calls started at its time` };
  }
  if (call.practiceId === null) return missing("practice");
  if (call.agentEmail === null) return missing("agent");
  return {
    key,
    size,
    recordedAt: facts.recordedAt,
    practiceId: call.practiceId,
    // The campaign the call was made for files the recording; else the phone system's own.
    campaign: call.campaign ?? facts.campaign ?? PHONE_SYSTEM_CAMPAIGN,
    phone: facts.phone === undefined ? (call.memberPhone ?? "") : shownPhone(facts.phone),
    agentEmail: call.agentEmail,
    memberId: call.memberId,
    callStartId: call.callStartId,
  };
}

export async function resolvePage(
  examined: readonly Examined[],
  practices: ReadonlyMap<string, number>,
  matchCalls: (questions: CallQuestion[]) => Promise<CallAnswer[]>,
): Promise<{ accepted: AcceptedRecording[]; refused: RefusedKey[] }> {
  const refused: RefusedKey[] = [];
  const asked: { index: number; key: string; size: number; facts: KeyFacts; question: CallQuestion }[] = [];
  examined.forEach((item, index) => {
    const { key, size } = item.object;
    if (!("facts" in item)) return refused.push({ index, key, kind: item.kind, reason: item.reason });
    const practiceId = item.facts.practice === undefined ? undefined : practices.get(item.facts.practice.toUpperCase());
    if (item.facts.practice !== undefined && practiceId === undefined) {
      return refused.push({ index, key, kind: "unknown practice", reason: `no practice is abbreviated "${item.facts.practice}"` });
    }
    asked.push({ index, key, size, facts: item.facts, question: questionOf(item.facts, practiceId) });
  });
  const answers = await matchCalls(asked.map((entry) => entry.question));
  const accepted: AcceptedRecording[] = [];
  asked.forEach((entry, position) => {
    const outcome = accept(entry.key, entry.size, entry.facts, answers[position]!);
    if ("kind" in outcome) refused.push({ index: entry.index, key: entry.key, ...outcome });
    else accepted.push(outcome);
  });
  refused.sort((a, b) => a.index - b.index);
  return { accepted, refused };
}
