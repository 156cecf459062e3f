import type { Faker } from "@faker-js/faker";
import type { components } from "../src/api/schema";

type Practice = components["schemas"]["Practice"];
type User = components["schemas"]["User"];

/** Fixed accounts first, so tests and the account chooser can name them; then more agents. */
const NAMED_STAFF = [
  { firstname: "Alicia", lastname: "Moreno", isAdmin: true, defaultPage: "/dashboard" },
  { firstname: "Marcus", lastname: "Reed", isAdmin: false, defaultPage: "/members/all" },
  { firstname: "Priya", lastname: "Natarajan", isAdmin: false, defaultPage: "/members/smile-magic" },
];

const MORE_AGENTS = 9;

/** Every demo account's password for `POST /sessions/login` (demo data only). */
export const DEMO_PASSWORD = "recall-desk-demo";

export function buildUsers(faker: Faker, practices: Practice[]): User[] {
  const agents = Array.from({ length: MORE_AGENTS }, () => ({
    firstname: faker.person.firstName(),
    lastname: faker.person.lastName(),
    isAdmin: false,
    defaultPage: "/members/all",
  }));
  return [...NAMED_STAFF, ...agents].map((person, index) => {
    const defaults = faker.helpers.arrayElements(practices, { min: 1, max: 3 }).map((practice) => practice.id);
    return {
      id: index + 1,
      ...person,
      email: `${person.firstname}.${person.lastname}`.toLowerCase().replace(/[^a-z.]/g, "") + "@recalldesk.example",
      profilePicture: "",
      defaultLocationId: defaults.join(";"),
    };
  });
}
