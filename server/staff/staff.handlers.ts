// The staff tag (openapi.yaml): the Staff screen's list and changes. Administrators only: the app
// answers 403 to other staff before these run.
import type { components } from "../../contract/schema.d.ts";
import { callerOf, type Call, type Handlers, type OperationId } from "../handlers.ts";
import { clocksOf, settingOf } from "../queue/setting.ts";
import { addStaff, setStaffDisabled, updateStaff, type Actor, type QueueAtHand } from "./staffAdmin.ts";
import { listStaffMembers, type StaffRow } from "./staff.repository.ts";

type StaffMember = components["schemas"]["StaffMember"];

const iso = (value: Date | string) => new Date(value).toISOString();

export const toStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  firstname: row.firstname,
  lastname: row.lastname,
  isAdmin: row.is_admin,
  defaultLocationId: row.default_location_id,
  disabled: row.disabled,
  createdAt: iso(row.created_at),
  lastSignInAt: row.last_sign_in_at === null ? null : iso(row.last_sign_in_at),
});

const actorOf = (call: Call<OperationId>): Actor => ({ userId: callerOf(call).user.id, address: call.request.ip });
const queueOf = (call: Call<OperationId>): QueueAtHand => ({ setting: settingOf(call.services), now: clocksOf(call.services).now });

export const staffHandlers: Handlers = {
  async listStaff({ services }) {
    return (await listStaffMembers(services.db)).map(toStaffMember);
  },

  async addStaff(call) {
    const added = await addStaff(call.services.db, call.body, actorOf(call));
    call.reply.code(201);
    return toStaffMember(added);
  },

  async updateStaff(call) {
    return toStaffMember(await updateStaff(call.services.db, call.path.id, call.body, actorOf(call)));
  },

  async disableStaff(call) {
    return toStaffMember(await setStaffDisabled(call.services.db, call.path.id, true, actorOf(call), queueOf(call), call.services.now()));
  },

  async enableStaff(call) {
    return toStaffMember(await setStaffDisabled(call.services.db, call.path.id, false, actorOf(call), queueOf(call), call.services.now()));
  },
};
