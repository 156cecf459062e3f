// Practices and regions managed by administrators (openapi.yaml addPractice, updatePractice,
// getRegions, addRegion, renameRegion, removeRegion), so that a production database is filled from
// the app. Each change runs under the administration lock (the uniqueness checks and the next id
// hold until the write) and is audited. The app answers 403 to other staff before these run.
import type { components } from "../../contract/schema.d.ts";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { ABBREVIATION_TAKEN_DETAIL, abbreviationTaken, NO_SUCH_PRACTICE, practiceAbbreviation } from "../../domain/practices/practiceRules.ts";
import {
  CODE_TAKEN_DETAIL,
  codeTaken,
  HAS_PRACTICES_DETAIL,
  NO_SUCH_REGION,
  regionCode,
  regionHasPractices,
  regionTitle,
  TITLE_TAKEN_DETAIL,
  titleTaken,
  UNKNOWN_REGION_DETAIL,
} from "../../domain/practices/regionRules.ts";
import { cleanText } from "../../domain/staff/staffRules.ts";
import { withAdministrationLock } from "../admin/administrationLock.repository.ts";
import { audit } from "../audit.repository.ts";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import {
  deleteRegion,
  insertPractice,
  insertRegion,
  practiceExists,
  practicesOfRegion,
  practiceWithAbbreviation,
  regionId,
  regionRows,
  regionWithTitle,
  setRegionTitle,
  updatePracticeRow,
  type PracticeFields,
} from "./practicesAdmin.repository.ts";

type Schemas = components["schemas"];

const fieldsOf = (input: Schemas["PracticeInput"]): PracticeFields => ({
  name: cleanText(input.practice),
  abbr: practiceAbbreviation(input.practiceabbr),
  region: input.region,
  brands: [...input.brands],
});

const toPractice = (id: number, fields: PracticeFields): Schemas["Practice"] => ({
  id,
  practice: fields.name,
  practiceabbr: fields.abbr,
  region: fields.region,
  brands: fields.brands as Schemas["Brand"][],
});

async function checkAbbreviation(db: Kysely<Database>, fields: PracticeFields, exceptId?: number): Promise<void> {
  const other = await practiceWithAbbreviation(db, fields.abbr, exceptId);
  if (other) throw new HttpError(409, abbreviationTaken(fields.abbr, other.name), [{ field: "practiceabbr", message: ABBREVIATION_TAKEN_DETAIL }]);
}

/** The id of the practice's region: a region there is, or 400 naming `region`. */
async function regionOf(db: Kysely<Database>, code: string): Promise<number> {
  const id = await regionId(db, code);
  if (id === undefined) throw invalidRequest([{ field: "region", message: UNKNOWN_REGION_DETAIL }]);
  return id;
}

async function checkTitle(db: Kysely<Database>, title: string, exceptCode?: string): Promise<void> {
  const other = await regionWithTitle(db, title, exceptCode);
  if (other) throw new HttpError(409, titleTaken(title, other.name), [{ field: "title", message: TITLE_TAKEN_DETAIL }]);
}

const regionNamed = async (db: Kysely<Database>, code: string) => (await regionRows(db)).find((region) => region.name === code);

export const practicesAdminHandlers: Handlers = {
  async addPractice(call) {
    const { db } = call.services;
    const fields = fieldsOf(call.body);
    const id = await withAdministrationLock(db, async () => {
      await checkAbbreviation(db, fields);
      const added = await insertPractice(db, fields, await regionOf(db, fields.region));
      await audit(db, { userId: callerOf(call).user.id, action: `addPractice ${added}`, memberIds: [], address: call.request.ip });
      return added;
    });
    call.reply.code(201);
    return toPractice(id, fields);
  },

  async updatePractice(call) {
    const { db } = call.services;
    const { id } = call.path;
    const fields = fieldsOf(call.body);
    await withAdministrationLock(db, async () => {
      if (!(await practiceExists(db, id))) throw new HttpError(404, NO_SUCH_PRACTICE);
      await checkAbbreviation(db, fields, id);
      await updatePracticeRow(db, id, fields, await regionOf(db, fields.region));
      await audit(db, { userId: callerOf(call).user.id, action: `updatePractice ${id}`, memberIds: [], address: call.request.ip });
    });
    return toPractice(id, fields);
  },

  async getRegions({ services }) {
    return regionRows(services.db);
  },

  async addRegion(call) {
    const { db } = call.services;
    const code = regionCode(call.body.name);
    const title = regionTitle(call.body.title);
    await withAdministrationLock(db, async () => {
      if ((await regionId(db, code)) !== undefined) throw new HttpError(409, codeTaken(code), [{ field: "name", message: CODE_TAKEN_DETAIL }]);
      await checkTitle(db, title);
      await insertRegion(db, code, title);
      await audit(db, { userId: callerOf(call).user.id, action: `addRegion ${code}`, memberIds: [], address: call.request.ip });
    });
    call.reply.code(201);
    return { name: code, title, practices: 0 };
  },

  async renameRegion(call) {
    const { db } = call.services;
    const { name } = call.path;
    const title = regionTitle(call.body.title);
    await withAdministrationLock(db, async () => {
      if ((await regionId(db, name)) === undefined) throw new HttpError(404, NO_SUCH_REGION);
      await checkTitle(db, title, name);
      await setRegionTitle(db, name, title);
      await audit(db, { userId: callerOf(call).user.id, action: `renameRegion ${name}`, memberIds: [], address: call.request.ip });
    });
    return (await regionNamed(db, name))!;
  },

  async removeRegion(call) {
    const { db } = call.services;
    const { name } = call.path;
    await withAdministrationLock(db, async () => {
      if ((await regionId(db, name)) === undefined) throw new HttpError(404, NO_SUCH_REGION);
      const practices = await practicesOfRegion(db, name);
      if (practices.length > 0) throw new HttpError(409, regionHasPractices(name, practices), [{ field: "name", message: HAS_PRACTICES_DETAIL }]);
      await deleteRegion(db, name);
      await audit(db, { userId: callerOf(call).user.id, action: `removeRegion ${name}`, memberIds: [], address: call.request.ip });
    });
    call.reply.code(204);
  },
};
