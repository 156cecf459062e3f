// The contract's rule for calls that name a user (getPartnersList, getUserSetup, …): a user may ask
// about themselves only, administrators about anyone.
import type { UserRow } from "../auth/sessions.repository.ts";
import { HttpError } from "../../contract/errors.ts";
import type { Services } from "../services.ts";
import { findUser } from "./setup.repository.ts";

/**
 * The user asked about. Other staff get 403 whether or not the id exists, so the call does not
 * reveal which ids are users; an administrator asking for an unknown id gets 404.
 */
export async function userSelfOrAdmin({ db }: Services, caller: UserRow, userId: number): Promise<UserRow> {
  if (userId !== caller.id && !caller.is_admin) throw new HttpError(403, "You may only read your own data");
  if (userId === caller.id) return caller;
  const user = await findUser(db, userId);
  if (!user) throw new HttpError(404, "No such user");
  return user;
}
