// Staff administration, the same from the Staff screen (staff.handlers.ts) and from `npm run user`:
// each change checked against domain/staff/staffRules.ts under the administration lock (so no two
// changes can each leave the other administrator last), then written and audited. Disabling goes
// through setUserDisabled, the one function that ends an account's sessions (and with them its
// streams and claims) wherever it is called from, and makes the account's open callbacks anyone's
// in the same transaction.
import type { Kysely } from "kysely";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import {
  cleanText,
  controlCharacterProblems,
  EMAIL_TAKEN_DETAIL,
  emailTaken,
  keepsAnAdministrator,
  LAST_ADMINISTRATOR,
  LAST_ADMINISTRATOR_DETAIL,
  NO_SUCH_STAFF,
} from "../../domain/staff/staffRules.ts";
import { withAdministrationLock } from "../admin/administrationLock.repository.ts";
import { audit } from "../audit.repository.ts";
import { setUserDisabled } from "../auth/sessions.repository.ts";
import { releaseCallbacksOf } from "../queue/callbackWrites.repository.ts";
import { unassignFromCampaigns } from "../campaigns/campaigns.repository.ts";
import type { QueueSetting } from "../queue/queueState.repository.ts";
import type { Database } from "../db/database.ts";
import { publishRightsChanged } from "../events/events.repository.ts";
import { unknownPracticeIds } from "../practices/practices.repository.ts";
import {
  emailOwner,
  enabledAdministrators,
  findStaffMember,
  insertStaffMember,
  updateStaffMember,
  type StaffFields,
  type StaffRow,
} from "./staff.repository.ts";

/** What an administrator sets of an account (openapi.yaml StaffInput). */
export interface StaffChange {
  email: string;
  firstname: string;
  lastname: string;
  isAdmin: boolean;
  defaultLocationId: string;
}

/** Who makes the change, for the audit log: an administrator from an address, or the command (no user). */
export interface Actor {
  userId: number | null;
  address: string;
}

/** The audit log's address of a change made with `npm run user`. */
export const COMMAND_LINE = "npm run user";

const fieldsOf = (change: StaffChange): StaffFields => ({
  email: cleanText(change.email),
  firstname: cleanText(change.firstname),
  lastname: cleanText(change.lastname),
  is_admin: change.isAdmin,
  default_location_id: change.defaultLocationId,
});

function checkText(change: StaffChange): void {
  const problems = controlCharacterProblems(change);
  if (problems.length > 0) throw invalidRequest(problems);
}

async function checkPractices(db: Kysely<Database>, defaultLocationId: string): Promise<void> {
  const ids = defaultLocationId === "" ? [] : defaultLocationId.split(";");
  const unknown = await unknownPracticeIds(db, ids);
  if (unknown.length > 0) throw invalidRequest([{ field: "defaultLocationId", message: `names no practice: ${unknown.join(", ")}` }]);
}

async function checkEmail(db: Kysely<Database>, email: string, exceptId?: number): Promise<void> {
  if ((await emailOwner(db, email, exceptId)) !== undefined) throw new HttpError(409, emailTaken(email), [{ field: "email", message: EMAIL_TAKEN_DETAIL }]);
}

async function checkAdministrators(db: Kysely<Database>, changed: { id: number; isAdmin: boolean; disabled: boolean }, field: "isAdmin" | "id") {
  if (!keepsAnAdministrator(await enabledAdministrators(db), changed)) {
    throw new HttpError(409, LAST_ADMINISTRATOR, [{ field, message: LAST_ADMINISTRATOR_DETAIL }]);
  }
}

async function existing(db: Kysely<Database>, id: number): Promise<StaffRow> {
  const member = await findStaffMember(db, id);
  if (!member) throw new HttpError(404, NO_SUCH_STAFF);
  return member;
}

export function addStaff(db: Kysely<Database>, change: StaffChange, actor: Actor): Promise<StaffRow> {
  return withAdministrationLock(db, async () => {
    checkText(change);
    await checkPractices(db, change.defaultLocationId);
    await checkEmail(db, change.email);
    const id = await insertStaffMember(db, fieldsOf(change));
    await audit(db, { ...actor, action: `addStaff ${id}`, memberIds: [] });
    return existing(db, id);
  });
}

export function updateStaff(db: Kysely<Database>, id: number, change: StaffChange, actor: Actor): Promise<StaffRow> {
  return withAdministrationLock(db, async () => {
    const before = await existing(db, id);
    checkText(change);
    await checkPractices(db, change.defaultLocationId);
    await checkEmail(db, change.email, id);
    await checkAdministrators(db, { id, isAdmin: change.isAdmin, disabled: before.disabled }, "isAdmin");
    await db.transaction().execute(async (trx) => {
      await updateStaffMember(trx, id, fieldsOf(change));
      // An administrator made staff stops receiving the live board on the streams already open, at once.
      if (before.is_admin !== change.isAdmin) await publishRightsChanged(trx, id, change.isAdmin);
      await audit(trx, { ...actor, action: `updateStaff ${id}`, memberIds: [] });
    });
    return existing(db, id);
  });
}

/** The queue's rules and its clock, for the callbacks an account's disabling makes anyone's. */
export interface QueueAtHand {
  setting: QueueSetting;
  now: Date;
}

/**
 * Disables (or enables) an account; disabling ends its sessions at once, makes its open
 * callbacks anyone's and removes it from the campaigns it was assigned to (each audited). Doing it twice changes nothing.
 */
export function setStaffDisabled(db: Kysely<Database>, id: number, disabled: boolean, actor: Actor, queue: QueueAtHand, now = new Date()): Promise<StaffRow> {
  return withAdministrationLock(db, async () => {
    const before = await existing(db, id);
    if (before.disabled === disabled) return before;
    if (disabled) await checkAdministrators(db, { id, isAdmin: before.is_admin, disabled: true }, "id");
    await setUserDisabled(db, before.email, disabled, now, async (trx, userId) => {
      await releaseCallbacksOf(trx, userId, actor, queue.setting, queue.now);
      await unassignFromCampaigns(trx, userId, actor);
    });
    await audit(db, { ...actor, action: `${disabled ? "disableStaff" : "enableStaff"} ${id}`, memberIds: [] });
    return existing(db, id);
  });
}
