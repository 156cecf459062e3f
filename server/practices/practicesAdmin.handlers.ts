// Practices and regions managed by administrators (openapi.yaml addPractice, updatePractice,
// getRegions, renameRegion), so that a production database is filled from the app. Each change runs
// under the administration lock (the abbreviation check and the next id hold until the write) and
// is audited. The app answers 403 to other staff before these run.
import type { components } from "../../contract/schema.d.ts";
import { HttpError } from "../../contract/errors.ts";
import {
  ABBREVIATION_TAKEN_DETAIL,
  abbreviationTaken,
  DEFAULT_REGION_TITLES,
  NO_SUCH_PRACTICE,
  practiceAbbreviation,
  REGION_NAMES,
} from "../../domain/practices/practiceRules.ts";
import { cleanText } from "../../domain/staff/staffRules.ts";
import { withAdministrationLock } from "../admin/administrationLock.repository.ts";
import { audit } from "../audit.repository.ts";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import {
  ensureRegion,
  insertPractice,
  practiceExists,
  practiceWithAbbreviation,
  regionRows,
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
  region: fields.region as Schemas["Region"],
  brands: fields.brands as Schemas["Brand"][],
});

async function checkAbbreviation(db: Kysely<Database>, fields: PracticeFields, exceptId?: number): Promise<void> {
  const other = await practiceWithAbbreviation(db, fields.abbr, exceptId);
  if (other) throw new HttpError(409, abbreviationTaken(fields.abbr, other.name), [{ field: "practiceabbr", message: ABBREVIATION_TAKEN_DETAIL }]);
}

const regionOf = (db: Kysely<Database>, name: Schemas["Region"]) => ensureRegion(db, name, DEFAULT_REGION_TITLES[name]);

/** The four regions by name, those without a row yet under their default title. */
async function regions(db: Kysely<Database>): Promise<Schemas["RegionSummary"][]> {
  const rows = new Map((await regionRows(db)).map((row) => [row.name, row]));
  return REGION_NAMES.map((name) => ({ name, title: rows.get(name)?.title ?? DEFAULT_REGION_TITLES[name], practices: rows.get(name)?.practices ?? 0 }));
}

export const practicesAdminHandlers: Handlers = {
  async addPractice(call) {
    const { db } = call.services;
    const fields = fieldsOf(call.body);
    const id = await withAdministrationLock(db, async () => {
      await checkAbbreviation(db, fields);
      const added = await insertPractice(db, fields, await regionOf(db, call.body.region));
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
      await updatePracticeRow(db, id, fields, await regionOf(db, call.body.region));
      await audit(db, { userId: callerOf(call).user.id, action: `updatePractice ${id}`, memberIds: [], address: call.request.ip });
    });
    return toPractice(id, fields);
  },

  async getRegions({ services }) {
    return regions(services.db);
  },

  async renameRegion(call) {
    const { db } = call.services;
    const { name } = call.path;
    await withAdministrationLock(db, async () => {
      await setRegionTitle(db, name, cleanText(call.body.title));
      await audit(db, { userId: callerOf(call).user.id, action: `renameRegion ${name}`, memberIds: [], address: call.request.ip });
    });
    return (await regions(db)).find((region) => region.name === name)!;
  },
};
