// "Clear ended claims" (domain/jobs.ts). A member's claim row stays when the claim ends (a release
// sets its end to now; an unrenewed claim runs out) because the live board shows when each agent's
// last claim of the day ended. Once the board's day has moved on nothing reads it: the job deletes
// the claims that ended before the day began, so the table holds the day's claims rather than one
// row for every member ever claimed.
import { boardClock, boardDayStartOfRows } from "../board/board.ts";
import { deleteClaimsEndedBefore } from "../members/claims.repository.ts";
import type { JobRunner } from "./runner.ts";

export const clearEndedClaims: JobRunner = async ({ services, now }) => {
  const dayStart = boardDayStartOfRows(boardClock({ now, config: services.config }));
  const cleared = await deleteClaimsEndedBefore(services.db, dayStart);
  const claims = `${cleared.toLocaleString("en-US")} ${cleared === 1 ? "claim" : "claims"}`;
  return { status: "success", message: `Cleared ${claims} that ended before today; today's stay for the live board` };
};
