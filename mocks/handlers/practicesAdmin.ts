// Practices and regions managed by administrators (addPractice, updatePractice, getRegions,
// renameRegion), with the server's rules (domain/practices/practiceRules.ts). A practice's members
// follow it: their abbreviation changes with the practice's, as the server's trigger does.
import { HttpError } from "../../contract/errors.ts";
import { HttpResponse } from "msw";
import type { components } from "../../contract/schema";
import {
  ABBREVIATION_TAKEN_DETAIL,
  abbreviationTaken,
  DEFAULT_REGION_TITLES,
  NO_SUCH_PRACTICE,
  practiceAbbreviation,
  REGION_NAMES,
} from "../../domain/practices/practiceRules.ts";
import { createApi } from "../api";
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
  /** A region gets its row (and name) when it is first given a practice, as on the server. */
  const ensureRegion = (name: Schemas["Region"]) => {
    if (db.regions.some((region) => region.name === name)) return;
    db.regions.push({ id: nextId(db.regions), name, UdaPracticeInfo: [] });
    if (!db.regionTitles.has(name)) db.regionTitles.set(name, DEFAULT_REGION_TITLES[name]);
  };
  const regions = (): Schemas["RegionSummary"][] =>
    REGION_NAMES.map((name) => ({
      name,
      title: db.regionTitles.get(name) ?? DEFAULT_REGION_TITLES[name],
      practices: db.practices.filter((practice) => practice.region === name).length,
    }));

  return [
    api.post("/practices", ({ body }) => {
      const fields = practiceOf(body);
      checkAbbreviation(fields.practiceabbr);
      ensureRegion(fields.region);
      const practice: Practice = { id: nextId(db.practices), ...fields };
      db.practices.push(practice);
      return HttpResponse.json(practice, { status: 201 });
    }),

    api.put("/practices/{id}", ({ path, body }) => {
      const practice = db.practices.find((candidate) => candidate.id === path.id);
      if (!practice) throw new HttpError(404, NO_SUCH_PRACTICE);
      const fields = practiceOf(body);
      checkAbbreviation(fields.practiceabbr, practice.id);
      ensureRegion(fields.region);
      Object.assign(practice, fields);
      for (const member of db.members) if (member.practiceId === practice.id) member.Practice = practice.practiceabbr;
      db.membersRevision += 1;
      return HttpResponse.json({ ...practice, brands: [...practice.brands] });
    }),

    api.get("/regions", () => HttpResponse.json(regions())),

    api.put("/regions/{name}", ({ path, body }) => {
      ensureRegion(path.name);
      db.regionTitles.set(path.name, body.title.trim());
      return HttpResponse.json(regions().find((region) => region.name === path.name)!);
    }),
  ];
}
