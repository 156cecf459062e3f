// Practices and regions managed by administrators (addPractice, updatePractice, getRegions,
// addRegion, renameRegion, removeRegion), with the server's rules (domain/practices/practiceRules.ts,
// regionRules.ts). A practice's members follow it: their abbreviation changes with the practice's,
// as the server's trigger does.
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { HttpResponse } from "msw";
import type { components } from "../../contract/schema";
import { ABBREVIATION_TAKEN_DETAIL, abbreviationTaken, NO_SUCH_PRACTICE, practiceAbbreviation } from "../../domain/practices/practiceRules.ts";
import {
  CODE_TAKEN_DETAIL,
  codeTaken,
  HAS_PRACTICES_DETAIL,
  NO_SUCH_REGION,
  regionCode,
  regionHasPractices,
  regionTitle,
  sameTitle,
  TITLE_TAKEN_DETAIL,
  titleTaken,
  UNKNOWN_REGION_DETAIL,
} from "../../domain/practices/regionRules.ts";
import { compareText } from "../../domain/order.ts";
import { createApi, emptyAnswer } from "../api";
import { nextId, type MockDb, type Practice } from "../db/createMockDb";

type Schemas = components["schemas"];

export function practicesAdminHandlers(db: MockDb) {
  const api = createApi(db);

  const practiceOf = (input: Schemas["PracticeInput"]) => ({
    practice: input.practice.trim(),
    practiceabbr: practiceAbbreviation(input.practiceabbr),
    region: input.region,
    brands: [...input.brands],
  });
  const checkAbbreviation = (abbr: string, exceptId?: number) => {
    const other = db.practices.find((practice) => practice.id !== exceptId && practice.practiceabbr.toUpperCase() === abbr);
    if (other) throw new HttpError(409, abbreviationTaken(abbr, other.practice), [{ field: "practiceabbr", message: ABBREVIATION_TAKEN_DETAIL }]);
  };
  const checkRegion = (code: string) => {
    if (!db.regions.some((region) => region.name === code)) throw invalidRequest([{ field: "region", message: UNKNOWN_REGION_DETAIL }]);
  };
  const checkTitle = (title: string, exceptCode?: string) => {
    const other = db.regions.find((region) => region.name !== exceptCode && sameTitle(region.title, title));
    if (other) throw new HttpError(409, titleTaken(title, other.name), [{ field: "title", message: TITLE_TAKEN_DETAIL }]);
  };
  const regionNamed = (code: string) => {
    const region = db.regions.find((candidate) => candidate.name === code);
    if (!region) throw new HttpError(404, NO_SUCH_REGION);
    return region;
  };
  const practicesOf = (code: string) => db.practices.filter((practice) => practice.region === code);
  const summaryOf = ({ name, title }: Schemas["RegionInfo"]): Schemas["RegionSummary"] => ({ name, title, practices: practicesOf(name).length });

  return [
    api.post("/practices", ({ body }) => {
      const fields = practiceOf(body);
      checkAbbreviation(fields.practiceabbr);
      checkRegion(fields.region);
      const practice: Practice = { id: nextId(db.practices), ...fields };
      db.practices.push(practice);
      return HttpResponse.json(practice, { status: 201 });
    }),

    api.put("/practices/{id}", ({ path, body }) => {
      const practice = db.practices.find((candidate) => candidate.id === path.id);
      if (!practice) throw new HttpError(404, NO_SUCH_PRACTICE);
      const fields = practiceOf(body);
      checkAbbreviation(fields.practiceabbr, practice.id);
      checkRegion(fields.region);
      Object.assign(practice, fields);
      for (const member of db.members) if (member.practiceId === practice.id) member.Practice = practice.practiceabbr;
      db.membersRevision += 1;
      return HttpResponse.json({ ...practice, brands: [...practice.brands] });
    }),

    api.get("/regions", () => HttpResponse.json([...db.regions].sort((a, b) => compareText(a.name, b.name)).map(summaryOf))),

    api.post("/regions", ({ body }) => {
      const code = regionCode(body.name);
      const title = regionTitle(body.title);
      if (db.regions.some((region) => region.name === code)) throw new HttpError(409, codeTaken(code), [{ field: "name", message: CODE_TAKEN_DETAIL }]);
      checkTitle(title);
      const region = { id: nextId(db.regions), name: code, title, UdaPracticeInfo: [] };
      db.regions.push(region);
      return HttpResponse.json(summaryOf(region), { status: 201 });
    }),

    api.put("/regions/{name}", ({ path, body }) => {
      const region = regionNamed(path.name);
      const title = regionTitle(body.title);
      checkTitle(title, region.name);
      region.title = title;
      return HttpResponse.json(summaryOf(region));
    }),

    api.delete("/regions/{name}", ({ path }) => {
      const region = regionNamed(path.name);
      const practices = practicesOf(region.name).map((practice) => practice.practiceabbr);
      if (practices.length > 0) throw new HttpError(409, regionHasPractices(region.name, practices), [{ field: "name", message: HAS_PRACTICES_DETAIL }]);
      db.regions.splice(db.regions.indexOf(region), 1);
      return emptyAnswer();
    }),
  ];
}
