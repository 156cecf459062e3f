// Members as the worklist cases (versions, claims, live events) use them: a member no other case
// of the file touches, the key the save calls name it by, and the saves themselves.
import type { Backend, SignedIn } from "./fixtures";

type Query = Record<string, string | number | boolean | undefined>;

export function worklist(backend: Backend) {
  const taken = new Set<number>();
  const keyOf = (member: any) => ({ sid: member.Subscriber_ID, practice: member.practiceId, patnum: member.PatNum });

  async function list(query: Query, who: SignedIn = backend.staff) {
    const answer = await backend.api.get("/Members/getMembersTableData", { token: who.token, query });
    if (answer.status !== 200) throw new Error(`members list: ${answer.status}`);
    return answer.body.members as any[];
  }

  return {
    keyOf,
    /** A member no other case of this file touches. */
    async freshMember(query: Query = {}) {
      const member = (await list({ ...query, pageSize: 100 })).find((m) => !taken.has(m.id));
      if (!member) throw new Error("no member left for this file");
      taken.add(member.id);
      return member;
    },
    /** The member as the list shows it now to `who`. */
    async listed(member: any, who: SignedIn = backend.staff) {
      return (await list({ search: member.Subscriber_ID, practice: String(member.practiceId), pageSize: 100 }, who)).find((m) => m.id === member.id);
    },
    saveResult: (member: any, Result: string, who: SignedIn, version?: unknown) =>
      backend.api.post("/Members/saveResult", { token: who.token, body: { ...keyOf(member), Result, addLocation: "callCenter", version } }),
    saveNotes: (member: any, notes: string, who: SignedIn, version?: unknown) =>
      backend.api.post("/Members/saveNotes", { token: who.token, body: { ...keyOf(member), notes, addLocation: "callCenter", version } }),
  };
}
