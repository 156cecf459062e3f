// The demo world's regions, practices, staff (one password hash for every demo account: they share
// the published demo password) and dentists.
import type { Kysely } from "kysely";
import { GROUP_REGIONS } from "../../../demo/reference.ts";
import { DEMO_PASSWORD } from "../../../demo/staff.ts";
import type { DemoWorld } from "../../../demo/world.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { resetIdentity } from "../bulkWrite.ts";
import type { Database } from "../database.ts";

export async function seedStaffAndPractices(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  await trx.insertInto("regions").values(GROUP_REGIONS.map(({ id, name, brandName }) => ({ id, name, brand_name: brandName }))).execute();
  const regionId = new Map<string, number>(GROUP_REGIONS.map((region) => [region.name, region.id]));
  await trx
    .insertInto("practices")
    .values(
      world.practices.map((practice) => ({
        id: practice.id,
        name: practice.practice,
        abbr: practice.practiceabbr,
        region_id: regionId.get(practice.region) ?? 0,
        brands: practice.brands,
        time_zone: world.practiceTimeZones[practice.id] ?? null,
      })),
    )
    .execute();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await trx
    .insertInto("users")
    .values(
      world.users.map((user) => ({
        id: user.id,
        email: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        profile_picture: user.profilePicture,
        is_admin: user.isAdmin,
        default_page: user.defaultPage,
        default_location_id: user.defaultLocationId,
        password_hash: passwordHash,
      })),
    )
    .execute();
  await trx
    .insertInto("dentists")
    .values(world.dentists.map((d) => ({ id: d.id, practice_id: d.practiceId, first_name: d.Dr_First_Name, name: d.dentist })))
    .execute();
  await resetIdentity(trx, "users");
}
