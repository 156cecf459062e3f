import type { Faker } from "@faker-js/faker";
import type { components } from "../contract/schema";
import { portrait } from "./portraits.ts";

type Practice = components["schemas"]["Practice"];
type User = components["schemas"]["User"];

/**
 * Fixed accounts first, so tests and the account chooser can name them; then more agents. The
 * named accounts have profile pictures, as accounts of a real provider do; the other agents none,
 * so the demo shows the initials too.
 */
const NAMED_STAFF = [
  {
    firstname: "Alicia",
    lastname: "Moreno",
    isAdmin: true,
    defaultPage: "/dashboard",
    profilePicture: portrait({ background: "#f4c7b8", skin: "#e0ac8a", hair: "#4a2c1d", shirt: "#0b5cad", hairstyle: "long" }),
  },
  {
    firstname: "Marcus",
    lastname: "Reed",
    isAdmin: false,
    defaultPage: "/members/all",
    profilePicture: portrait({ background: "#bcd9c5", skin: "#8d5a3b", hair: "#1b1210", shirt: "#3d4f63", hairstyle: "short" }),
  },
  {
    firstname: "Priya",
    lastname: "Natarajan",
    isAdmin: false,
    defaultPage: "/members/smile-magic",
    profilePicture: portrait({ background: "#d7cdf0", skin: "#b9825c", hair: "#121015", shirt: "#a23b5c", hairstyle: "bun" }),
  },
];

const MORE_AGENTS = 9;

/** The named accounts come first (ids 1 to 3): people sign in as them; the other agents are only data. */
export const NAMED_STAFF_COUNT = NAMED_STAFF.length;

/** Every demo account's password for `POST /sessions/login` (demo data only). */
export const DEMO_PASSWORD = "recall-desk-demo";

export function buildUsers(faker: Faker, practices: Practice[]): User[] {
  const agents = Array.from({ length: MORE_AGENTS }, () => ({
    firstname: faker.person.firstName(),
    lastname: faker.person.lastName(),
    isAdmin: false,
    defaultPage: "/members/all",
    profilePicture: "",
  }));
  return [...NAMED_STAFF, ...agents].map(({ profilePicture, ...person }, index) => {
    const defaults = faker.helpers.arrayElements(practices, { min: 1, max: 3 }).map((practice) => practice.id);
    return {
      id: index + 1,
      ...person,
      email: `${person.firstname}.${person.lastname}`.toLowerCase().replace(/[^a-z.]/g, "") + "@recalldesk.example",
      profilePicture,
      defaultLocationId: defaults.join(";"),
    };
  });
}
