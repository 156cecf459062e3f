// The demo data of each area beyond staff, practices and members: one function per area, each
// writing its tables from the generated world inside the seed's transaction. Add an area here.
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import type { DemoWorld } from "../seed.ts";
import { seedReportsA } from "./reportsA.ts";
import { seedReportsB } from "./reportsB.ts";
import { seedContent } from "./content.ts";
import { seedJobs } from "./jobs.ts";
import { seedUsage } from "./usage.ts";

export type AreaSeed = (trx: Kysely<Database>, world: DemoWorld) => Promise<void>;

export const AREA_SEEDS: AreaSeed[] = [seedReportsA, seedReportsB, seedContent, seedJobs, seedUsage];
