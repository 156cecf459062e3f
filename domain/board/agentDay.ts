// An agent's day (openapi.yaml getAgentDay): which note goes with which result. Results and notes
// are saved apart, so the note of a call is the first the agent wrote on that member at or after
// the result, before their next result for the member, within the day. The server says the same
// in SQL.

export interface DaySave {
  id: number;
  memberId: number;
  /** Epoch milliseconds. */
  at: number;
}

/**
 * The note of each result (by result id), from the agent's results and notes of one day, each in
 * any order; the day ends at `dayEndsAt`.
 */
export function notesOfResults<N extends DaySave>(results: readonly DaySave[], notes: readonly N[], dayEndsAt: number): Map<number, N> {
  const inTimeOrder = <T extends DaySave>(list: readonly T[]) => [...list].sort((a, b) => a.at - b.at || a.id - b.id);
  const sortedNotes = inTimeOrder(notes);
  const sortedResults = inTimeOrder(results);
  const matched = new Map<number, N>();
  sortedResults.forEach((result, index) => {
    const next = sortedResults.slice(index + 1).find((later) => later.memberId === result.memberId);
    const until = next ? next.at : dayEndsAt;
    const note = sortedNotes.find((candidate) => candidate.memberId === result.memberId && candidate.at >= result.at && candidate.at < until);
    if (note) matched.set(result.id, note);
  });
  return matched;
}
