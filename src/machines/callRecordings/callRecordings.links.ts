// Ways into Call Recordings from other screens: the page opened on exactly one member's recordings
// (the members list's results history: those the import linked to that member) or one agent's
// (the live board's agent day: those under that e-mail, compared whole), as openapi.yaml's
// getCallDirectoryList `memberId` and `agent` keep them. `of` carries the name the page says it
// shows the recordings of.
import type { RecordingsOf } from "./callRecordings.machine";

/** openapi.yaml getCallDirectoryList: `agent` is at most 254 characters. */
const AGENT_MAX = 254;
const LABEL_MAX = 200;

export const memberRecordingsHref = (memberId: number, name: string) => `/call-recordings?${new URLSearchParams({ member: String(memberId), of: name })}`;

export const agentRecordingsHref = (email: string, name: string) => `/call-recordings?${new URLSearchParams({ agent: email, of: name })}`;

/** Whose recordings a Call Recordings address asks for (none: every recording), from its query string. */
export function recordingsOfQuery(query: string): RecordingsOf | null {
  const params = new URLSearchParams(query);
  const member = params.get("member") ?? "";
  const agent = (params.get("agent") ?? "").trim();
  const label = (params.get("of") ?? "").trim().slice(0, LABEL_MAX);
  if (/^[1-9][0-9]{0,9}$/.test(member) && Number(member) <= 2_147_483_647) return { kind: "member", memberId: Number(member), label: label || `member ${member}` };
  if (agent !== "" && agent.length <= AGENT_MAX) return { kind: "agent", email: agent, label: label || agent };
  return null;
}
