// Practices and regions for the filters of the members list and the reports (tag practices).
import { HttpError } from "../../contract/errors.ts";
import { HttpResponse } from "msw";
import { caller, createApi } from "../api";
import type { components } from "../../contract/schema";
import type { MockDb, Practice } from "../db/createMockDb";
import { compareText } from "../../domain/order.ts";

const toPractice = ({ id, practice, practiceabbr, region, brands }: Practice): Practice => ({
  id,
  practice,
  practiceabbr,
  region,
  brands: [...brands],
});

export function practicesHandlers(db: MockDb) {
  const api = createApi(db);
  /** Every list of practices is sorted by abbreviation, ties by id. */
  const practices = (keep: (practice: Practice) => boolean = () => true) =>
    db.practices
      .filter(keep)
      .sort((a, b) => compareText(a.practiceabbr, b.practiceabbr) || a.id - b.id)
      .map(toPractice);
  /** Regions by name; each lists its practices by abbreviation (the contract's `practiceName`). */
  const regions = (): components["schemas"]["RegionInfo"][] =>
    [...db.regions]
      .sort((a, b) => compareText(a.name, b.name) || a.id - b.id)
      .map(({ id, name, title }) => ({
        id,
        name,
        title,
        UdaPracticeInfo: practices((practice) => practice.region === name)
          .map((practice) => ({ practiceName: practice.practiceabbr, practiceId: practice.id }))
          .sort((a, b) => compareText(a.practiceName, b.practiceName) || a.practiceId - b.practiceId),
      }));

  return [
    api.get("/practicesInfo/getPractices", () => HttpResponse.json({ practices: practices() })),
    api.get("/practice/list", () => HttpResponse.json(practices())),
    api.get("/practice/list/bybrand/{brand}", ({ path }) =>
      HttpResponse.json(practices((practice) => practice.brands.includes(path.brand))),
    ),
    api.get("/practice/list/byregion/{region}", ({ path }) =>
      HttpResponse.json(practices((practice) => path.region === "all" || practice.region === path.region)),
    ),
    api.get("/Members/practicesList/{id}", (context) => {
      const { user } = caller(context);
      if (context.path.id !== user.id && !user.isAdmin) throw new HttpError(403, "You may list your own practices only.");
      if (!db.users.some((candidate) => candidate.id === context.path.id)) throw new HttpError(404, "No such user");
      // Every user works every practice: the specification shows no finer rule.
      return HttpResponse.json({ practicesList: practices() });
    }),
    api.get("/Members/regionsList", () => HttpResponse.json({ regionsList: regions() })),
    api.get("/report/regionsList", () => HttpResponse.json({ regionList: regions() })),
    api.get("/report/practicesList", () => HttpResponse.json({ practicesList: practices() })),
  ];
}
