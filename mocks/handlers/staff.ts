// Staff administration (tag staff); administrators only (the wrapper answers 403 to other staff).
import { HttpResponse } from "msw";
import { caller, createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { compareStaff } from "../../domain/staff/staffRules.ts";
import { addStaff, setStaffDisabled, toStaffMember, updateStaff } from "../staff/staffAdmin";

export function staffHandlers(db: MockDb) {
  const api = createApi(db);
  const answer = (user: Parameters<typeof toStaffMember>[1], status = 200) => HttpResponse.json(toStaffMember(db, user), { status });
  return [
    api.get("/staff", () => HttpResponse.json(db.users.map((user) => toStaffMember(db, user)).sort(compareStaff))),
    api.post("/staff", ({ body }) => answer(addStaff(db, body), 201)),
    api.put("/staff/{id}", ({ path, body }) => answer(updateStaff(db, path.id, body))),
    api.post("/staff/{id}/disable", (context) => answer(setStaffDisabled(db, context.path.id, true, caller(context).user.id))),
    api.post("/staff/{id}/enable", (context) => answer(setStaffDisabled(db, context.path.id, false, caller(context).user.id))),
  ];
}
