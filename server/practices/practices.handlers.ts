// Practices and regions for the filters of the members list and the reports (tag practices).
import type { components } from "../../contract/schema.d.ts";
import { HttpError } from "../../contract/errors.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import type { Services } from "../services.ts";
import { listPractices, listRegions, userExists, type PracticeFilter, type PracticeRow } from "./practices.repository.ts";

type Practice = components["schemas"]["Practice"];
type RegionInfo = components["schemas"]["RegionInfo"];

const toPractice = (row: PracticeRow): Practice => ({
  id: row.id,
  practice: row.name,
  practiceabbr: row.abbr,
  region: row.region,
  brands: row.brands as Practice["brands"],
});

const practices = async ({ db }: Services, filter?: PracticeFilter) => (await listPractices(db, filter)).map(toPractice);

/** Regions by name, each with its practices by abbreviation (the contract's `practiceName`). */
async function regions(services: Services): Promise<RegionInfo[]> {
  const all = await practices(services);
  return (await listRegions(services.db)).map(({ id, name, title }) => ({
    id,
    name,
    title,
    UdaPracticeInfo: all
      .filter((practice) => practice.region === name)
      .map((practice) => ({ practiceName: practice.practiceabbr, practiceId: practice.id })),
  }));
}

export const practicesHandlers: Handlers = {
  async getPractices({ services }) {
    return { practices: await practices(services) };
  },
  async listPractices({ services }) {
    return practices(services);
  },
  async listPracticesByBrand({ path, services }) {
    return practices(services, { brand: path.brand });
  },
  async listPracticesByRegion({ path, services }) {
    return practices(services, { region: path.region });
  },
  async getMembersPracticesList(call) {
    const { user } = callerOf(call);
    if (call.path.id !== user.id && !user.is_admin) throw new HttpError(403, "You may list your own practices only.");
    if (!(await userExists(call.services.db, call.path.id))) throw new HttpError(404, "No such user");
    // Every user works every practice: the specification shows no finer rule.
    return { practicesList: await practices(call.services) };
  },
  async getMembersRegionsList({ services }) {
    return { regionsList: await regions(services) };
  },
  async getReportRegionsList({ services }) {
    return { regionList: await regions(services) };
  },
  async getReportPracticesList({ services }) {
    return { practicesList: await practices(services) };
  },
};
