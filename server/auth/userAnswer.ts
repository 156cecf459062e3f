// A staff member as the contract's User: the session's answer and the saved defaults' answer alike.
import type { components } from "../../contract/schema.d.ts";
import type { UserRow } from "./sessions.repository.ts";

type User = components["schemas"]["User"];

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    profilePicture: row.profile_picture,
    isAdmin: row.is_admin,
    defaultPage: row.default_page,
    defaultLocationId: row.default_location_id,
  };
}
