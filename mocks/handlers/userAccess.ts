// The contract's rule for calls that name a user (`getPartnersList`, `getUserSetup`,
// `getHelpNotifications`): a user may ask about themselves only, administrators about anyone.
import { HttpError } from "../../contract/errors.ts";
import type { MockDb, User } from "../db/createMockDb";

/**
 * The user asked about. Other staff get 403 whether or not the id exists, so the call does not
 * reveal which ids are users; an administrator asking for an unknown id gets 404.
 */
export function userSelfOrAdmin(db: MockDb, caller: User, userId: number): User {
  if (userId !== caller.id && !caller.isAdmin) throw new HttpError(403, "You may only read your own data");
  const user = db.users.find((candidate) => candidate.id === userId);
  if (!user) throw new HttpError(404, "No such user");
  return user;
}
