// Staff administration in the fake backend, with the server's rules (domain/staff/staffRules.ts):
// one account per e-mail without regard to case, never no enabled administrator; disabling ends
// the account's sessions, its open event streams and its claims at once, as signing out does, and
// makes its open callbacks anyone's.
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import type { components } from "../../contract/schema";
import {
  cleanText,
  controlCharacterProblems,
  EMAIL_TAKEN_DETAIL,
  emailKey,
  emailTaken,
  keepsAnAdministrator,
  LAST_ADMINISTRATOR,
  LAST_ADMINISTRATOR_DETAIL,
  NO_SUCH_STAFF,
} from "../../domain/staff/staffRules.ts";
import { endWithSession } from "../db/sessionEnd";
import { agentChanged } from "../board/board";
import { campaignChanged } from "../campaigns/campaignChanged";
import { noteChange, publishCallback } from "../queue/callbacks";
import { nextId, type MockDb, type User } from "../db/createMockDb";

type Schemas = components["schemas"];

export function toStaffMember(db: MockDb, user: User): Schemas["StaffMember"] {
  const signIns = [...db.sessions.values()].filter((session) => session.userId === user.id).map((session) => session.createdAt);
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    isAdmin: user.isAdmin,
    defaultLocationId: user.defaultLocationId,
    disabled: db.disabledUsers.has(user.id),
    createdAt: db.userCreatedAt.get(user.id) ?? db.now().toISOString(),
    lastSignInAt: signIns.length > 0 ? new Date(Math.max(...signIns)).toISOString() : null,
  };
}

export function staffMember(db: MockDb, id: number): User {
  const user = db.users.find((candidate) => candidate.id === id);
  if (!user) throw new HttpError(404, NO_SUCH_STAFF);
  return user;
}

const enabledAdministrators = (db: MockDb) =>
  db.users.filter((user) => user.isAdmin && !db.disabledUsers.has(user.id)).map((user) => ({ id: user.id, isAdmin: true, disabled: false }));

function checkChange(db: MockDb, input: Schemas["StaffInput"], exceptId?: number): void {
  const controls = controlCharacterProblems(input);
  if (controls.length > 0) throw invalidRequest(controls);
  const unknown = input.defaultLocationId.split(";").filter((id) => id !== "" && !db.practices.some((practice) => String(practice.id) === id));
  if (unknown.length > 0) throw invalidRequest([{ field: "defaultLocationId", message: `names no practice: ${unknown.join(", ")}` }]);
  if (db.users.some((user) => user.id !== exceptId && emailKey(user.email) === emailKey(input.email))) {
    throw new HttpError(409, emailTaken(input.email), [{ field: "email", message: EMAIL_TAKEN_DETAIL }]);
  }
}

const fieldsOf = (input: Schemas["StaffInput"]) => ({
  email: cleanText(input.email),
  firstname: cleanText(input.firstname),
  lastname: cleanText(input.lastname),
  isAdmin: input.isAdmin,
  defaultLocationId: input.defaultLocationId,
});

export function addStaff(db: MockDb, input: Schemas["StaffInput"]): User {
  checkChange(db, input);
  const user: User = { id: nextId(db.users), profilePicture: "", defaultPage: "/members/all", ...fieldsOf(input) };
  db.users.push(user);
  db.userCreatedAt.set(user.id, db.now().toISOString());
  return user;
}

export function updateStaff(db: MockDb, id: number, input: Schemas["StaffInput"]): User {
  const user = staffMember(db, id);
  checkChange(db, input, id);
  if (!keepsAnAdministrator(enabledAdministrators(db), { id, isAdmin: input.isAdmin, disabled: db.disabledUsers.has(id) })) {
    throw new HttpError(409, LAST_ADMINISTRATOR, [{ field: "isAdmin", message: LAST_ADMINISTRATOR_DETAIL }]);
  }
  const password = db.passwords.get(user.email);
  db.passwords.delete(user.email);
  Object.assign(user, fieldsOf(input));
  if (password !== undefined) db.passwords.set(user.email, password);
  db.events.rightsChanged(id, user.isAdmin);
  return user;
}

/** A disabled agent's open callbacks become anyone's at once (domain/queue/callbacks.ts), each a change by `byUserId`. */
function releaseCallbacksOf(db: MockDb, ownerId: number, byUserId: number): void {
  const at = db.now().toISOString();
  for (const callback of db.callbacks.filter((candidate) => candidate.status === "open" && candidate.ownerId === ownerId)) {
    Object.assign(callback, { ownerId: null, ownerUntil: null, version: callback.version + 1 });
    noteChange(db, callback, byUserId, "reassigned", at);
    publishCallback(db, callback, "reassigned");
  }
  agentChanged(db, ownerId);
}

export function setStaffDisabled(db: MockDb, id: number, disabled: boolean, byUserId: number): User {
  const user = staffMember(db, id);
  if (db.disabledUsers.has(id) === disabled) return user;
  if (!disabled) {
    db.disabledUsers.delete(id);
    return user;
  }
  if (!keepsAnAdministrator(enabledAdministrators(db), { id, isAdmin: user.isAdmin, disabled: true })) {
    throw new HttpError(409, LAST_ADMINISTRATOR, [{ field: "id", message: LAST_ADMINISTRATOR_DETAIL }]);
  }
  db.disabledUsers.add(id);
  releaseCallbacksOf(db, id, byUserId);
  // A disabled agent is no campaign's agent: each campaign they leave is a change of it.
  for (const campaign of db.campaigns.filter((candidate) => candidate.agents.includes(id))) {
    Object.assign(campaign, { agents: campaign.agents.filter((agent) => agent !== id), version: campaign.version + 1, changedBy: byUserId });
    campaignChanged(db, campaign, [id]);
  }
  for (const session of db.sessions.values()) {
    if (session.userId !== id || session.revoked) continue;
    session.revoked = true;
    session.revokedAt = Date.now();
    endWithSession(db, session.token);
  }
  return user;
}
