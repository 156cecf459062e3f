// A small fixed practice group for the import and jobs tests, on a fresh database of either engine
// (PGlite always, PostgreSQL 15 with DATABASE_URL_TEST), and member files written to a temporary inbox.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../server/config.ts";
import { freshTestDatabase, type TestDatabase } from "./testDatabase.ts";
import type { JobServices } from "../../server/jobs/runner.ts";

/** SM-HOUS takes DENTA, MCNA and UHC; SM-PASA DENTA and MCNA; FS-SANA MCNA and UHC only. */
export const PRACTICES = [
  { id: 1, name: "Smile Magic Houston", abbr: "SM-HOUS", region_id: 1, brands: ["denta", "mcna", "uhc"] },
  { id: 2, name: "Smile Magic Pasadena", abbr: "SM-PASA", region_id: 1, brands: ["denta", "mcna"] },
  { id: 3, name: "Family Smiles San Antonio", abbr: "FS-SANA", region_id: 2, brands: ["mcna", "uhc"] },
];

export const ADMIN = { id: 1, email: "admin@example.test", firstname: "Alicia", lastname: "Moreno", is_admin: true };

export const HEADER = "Subscriber_ID,PatNum,MCO,First_Name,Middle_Name,Last_Name,Practice,Address1,City,State,Phone,Date_of_Birth";

export interface Fixture {
  database: TestDatabase;
  services: JobServices;
  inbox: string;
  /** Writes a file into the inbox; its path. */
  writeFile: (name: string, lines: string[]) => string;
  close: () => Promise<void>;
}

export async function openFixture(): Promise<Fixture> {
  const database = await freshTestDatabase();
  const { db } = database;
  await db.insertInto("regions").values([
    { id: 1, name: "SMD", brand_name: "Smile Magic" },
    { id: 2, name: "FSD", brand_name: "Family Smiles" },
  ]).execute();
  await db.insertInto("practices").values(PRACTICES).execute();
  await db.insertInto("users").values({ ...ADMIN, default_page: "/members/all", password_hash: null }).execute();
  const inbox = mkdtempSync(join(tmpdir(), "recall-desk-inbox-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", IMPORT_DIR: inbox, SCHEDULER: "on" });
  return {
    database,
    services: { db, config },
    inbox,
    writeFile: (name, lines) => {
      const path = join(inbox, name);
      writeFileSync(path, `${lines.join("\n")}\n`);
      return path;
    },
    close: async () => {
      rmSync(inbox, { recursive: true, force: true });
      await database.close();
    },
  };
}

/** A valid row for SM-HOUS; `overrides` by column. */
export function row(subscriberId: string, overrides: Partial<Record<string, string>> = {}): string {
  const values: Record<string, string> = {
    Subscriber_ID: subscriberId,
    PatNum: "",
    MCO: "DentaQuest Medicaid",
    First_Name: `First${subscriberId}`,
    Middle_Name: "",
    Last_Name: `Last${subscriberId}`,
    Practice: "SM-HOUS",
    Address1: "1 Main St",
    City: "Houston",
    State: "TX",
    Phone: "(713) 555-0100",
    Date_of_Birth: "2015-03-14",
    ...overrides,
  };
  return HEADER.split(",")
    .map((column) => values[column] ?? "")
    .join(",");
}
