// The administrator's command for staff accounts: the Staff screen's changes from a shell, so that
// the first administrator can be made on an empty production database (docs/operations.md).
//   npm run user -- add <email> --first <name> --last <name> [--admin] [--practices SM-HOUS,FS-SANA]
//   npm run user -- list
//   npm run user -- set-admin <email> | unset-admin <email>
//   npm run user -- rename <email> [--first <name>] [--last <name>]
//   npm run user -- set-email <email> <new email>
//   npm run user -- set-practices <email> <abbreviations or ids, comma-separated; none clears>
//   npm run user -- disable <email>   the account can no longer sign in; its sessions end at once
//   npm run user -- enable <email>    the account can sign in again (ended sessions stay ended)
// Every change follows the Staff screen's rules (server/staff/staffAdmin.ts: unique e-mails, never no
// administrator) and is audited under "npm run user". It works on the configured database
// (DATABASE_URL, or PGlite in DATA_DIR), migrated first; a PGlite folder is used by one process at a
// time: while the server holds it, the command asks that server to do it, through its
// administration socket (server/admin/adminSocket.ts), so no one has to stop it.
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { HttpError } from "../../contract/errors.ts";
import { CONTROL_CHARACTER_DETAIL, escapeControlCharacters, hasControlCharacter, looksLikeEmail } from "../../domain/staff/staffRules.ts";
import { ConfigError, databaseOptionsOf, loadConfig } from "../config.ts";
import { openDatabase } from "../db/connection.ts";
import type { Database } from "../db/database.ts";
import { FolderLockedError } from "../db/lock.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { askServer } from "../admin/adminSocket.ts";
import { listPractices } from "../practices/practices.repository.ts";
import type { QueueSetting } from "../queue/queueState.repository.ts";
import { queueSettingOf } from "../queue/setting.ts";
import { findStaffMemberByEmail, listStaffMembers, type StaffRow } from "../staff/staff.repository.ts";
import { addStaff, COMMAND_LINE, setStaffDisabled, updateStaff, type StaffChange } from "../staff/staffAdmin.ts";

export const USAGE = [
  "usage: npm run user -- <command>",
  "  add <email> --first <name> --last <name> [--admin] [--practices <abbreviations>]",
  "  list",
  "  set-admin <email> | unset-admin <email>",
  "  rename <email> [--first <name>] [--last <name>]",
  "  set-email <email> <new email>",
  "  set-practices <email> <abbreviations or ids, comma-separated, or none>",
  "  disable <email> | enable <email>",
].join("\n");

export class UsageError extends Error {}

const VERBS = ["add", "list", "set-admin", "unset-admin", "rename", "set-email", "set-practices", "disable", "enable"] as const;
type Verb = (typeof VERBS)[number];
/** How many arguments each verb takes after it. */
const ARITY: Record<Verb, number> = { add: 1, list: 0, "set-admin": 1, "unset-admin": 1, rename: 1, "set-email": 2, "set-practices": 2, disable: 1, enable: 1 };

export interface UserCommand {
  verb: Verb;
  args: string[];
  first: string | undefined;
  last: string | undefined;
  admin: boolean;
  practices: string | undefined;
}

export function parseUserArgs(argv: string[]): UserCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { first: { type: "string" }, last: { type: "string" }, admin: { type: "boolean" }, practices: { type: "string" } },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const [verb, ...args] = parsed.positionals;
  if (!VERBS.includes(verb as Verb) || args.length !== ARITY[verb as Verb]) throw new UsageError(USAGE);
  const { first, last, admin = false, practices } = parsed.values;
  if (verb === "add" && (!first?.trim() || !last?.trim())) throw new UsageError(`add needs --first and --last\n${USAGE}`);
  if (verb === "rename" && !first?.trim() && !last?.trim()) throw new UsageError(`rename needs --first, --last or both\n${USAGE}`);
  for (const [option, value] of [["--first", first], ["--last", last]] as const) {
    if (value !== undefined && hasControlCharacter(value)) throw new UsageError(`${option} ${CONTROL_CHARACTER_DETAIL}`);
  }
  for (const email of verb === "add" ? args : verb === "set-email" ? args.slice(1) : []) {
    if (hasControlCharacter(email)) throw new UsageError(`The e-mail ${escapeControlCharacters(email)} ${CONTROL_CHARACTER_DETAIL}`);
    if (!looksLikeEmail(email)) throw new UsageError(`${email} is not an e-mail address`);
  }
  return { verb: verb as Verb, args, first, last, admin, practices };
}

/** Practice abbreviations or ids → the contract's PracticeIdList ("4;7"); "none" or "" clears. */
async function practiceIds(db: Kysely<Database>, text: string | undefined): Promise<string> {
  const names = (text ?? "").split(/[,;]/).map((name) => name.trim()).filter((name) => name !== "" && name.toLowerCase() !== "none");
  if (names.length === 0) return "";
  const practices = await listPractices(db);
  const unknown: string[] = [];
  const ids = names.map((name) => {
    const found = practices.find((practice) => practice.abbr.toUpperCase() === name.toUpperCase() || String(practice.id) === name);
    if (!found) unknown.push(name);
    return found?.id;
  });
  if (unknown.length > 0) throw new UsageError(`No practice has the abbreviation or id ${unknown.join(", ")}`);
  return [...new Set(ids)].join(";");
}

async function existing(db: Kysely<Database>, email: string): Promise<StaffRow> {
  const member = await findStaffMemberByEmail(db, email);
  if (!member) throw new UsageError(`There is no user with the e-mail ${email}`);
  return member;
}

const changeOf = (member: StaffRow): StaffChange => ({
  email: member.email,
  firstname: member.firstname,
  lastname: member.lastname,
  isAdmin: member.is_admin,
  defaultLocationId: member.default_location_id,
});

/** An account as the terminal shows it: rows written before names were checked may hold control characters, shown escaped. */
const nameOf = (member: StaffRow) => escapeControlCharacters(`${member.firstname} ${member.lastname} <${member.email}>`);

function listLine(member: StaffRow): string {
  const flags = [member.is_admin && "administrator", member.disabled && "disabled"].filter(Boolean).join(", ");
  const lastSignIn = member.last_sign_in_at ? `last signed in ${new Date(member.last_sign_in_at).toISOString().slice(0, 16).replace("T", " ")} UTC` : "never signed in";
  const practices = member.default_location_id ? `practices ${member.default_location_id.replaceAll(";", ", ")}` : "all practices";
  return `${member.id}\t${nameOf(member)}${flags ? ` (${flags})` : ""}\t${practices}\t${lastSignIn}`;
}

const ACTOR = { userId: null, address: COMMAND_LINE };

async function run(db: Kysely<Database>, command: UserCommand, setting: QueueSetting, now: Date): Promise<string> {
  const [email = "", second = ""] = command.args;
  switch (command.verb) {
    case "list": {
      const staff = await listStaffMembers(db);
      return staff.length === 0 ? "There are no staff accounts yet: npm run user -- add <email> --first <name> --last <name> --admin" : staff.map(listLine).join("\n");
    }
    case "add": {
      const change = { email, firstname: command.first!, lastname: command.last!, isAdmin: command.admin, defaultLocationId: await practiceIds(db, command.practices) };
      const added = await addStaff(db, change, ACTOR);
      return `Added ${nameOf(added)}${added.is_admin ? " as an administrator" : ""}: signs in with the account of that e-mail.`;
    }
    case "disable":
    case "enable": {
      const member = await existing(db, email);
      await setStaffDisabled(db, member.id, command.verb === "disable", ACTOR, { setting, now }, now);
      const shown = escapeControlCharacters(member.email);
      return command.verb === "disable" ? `Disabled ${shown}: signed out everywhere, and cannot sign in.` : `Enabled ${shown}: can sign in again.`;
    }
    default: {
      const member = await existing(db, email);
      const change = changeOf(member);
      if (command.verb === "set-admin" || command.verb === "unset-admin") change.isAdmin = command.verb === "set-admin";
      if (command.verb === "rename") Object.assign(change, { firstname: command.first ?? change.firstname, lastname: command.last ?? change.lastname });
      if (command.verb === "set-email") change.email = second;
      if (command.verb === "set-practices") change.defaultLocationId = await practiceIds(db, second);
      return `Changed ${nameOf(await updateStaff(db, member.id, change, ACTOR))}${change.isAdmin ? " (administrator)" : ""}.`;
    }
  }
}

/** A refusal with the problem of each field it names (a 400's message names the fields only). */
const refusalText = (error: HttpError) =>
  error.statusCode === 400 && error.details ? `${error.message} (${error.details.map((problem) => `${problem.field} ${problem.message}`).join("; ")})` : error.message;

/** Runs one command (`setting`: the queue's, for the callbacks a disabling makes anyone's); answers what was done, or throws UsageError for anything refused. */
export async function runUserCommand(db: Kysely<Database>, args: string[], setting: QueueSetting, now = new Date()): Promise<string> {
  const command = parseUserArgs(args);
  try {
    return await run(db, command, setting, now);
  } catch (error) {
    // The Staff screen's refusals (an e-mail taken, the last administrator) say the same here.
    if (error instanceof HttpError) throw new UsageError(refusalText(error));
    throw error;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  parseUserArgs(args);
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsOf(config)).catch(async (error: unknown) => {
    if (!(error instanceof FolderLockedError)) throw error;
    // The server holds the folder: it runs the command itself.
    const answer = await askServer(config.dataDir, args).catch(() => {
      throw new FolderLockedError(`${error.message} Its administration socket does not answer: stop it and run the command again.`);
    });
    if (!answer.ok) throw new UsageError(answer.message);
    console.log(answer.message);
    return undefined;
  });
  if (!database) return;
  try {
    // An empty database (a first production install) gets its tables first, as the server's start would.
    await migrateToLatest(database.db);
    console.log(await runUserCommand(database.db, args, queueSettingOf(config)));
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const known = error instanceof UsageError || error instanceof ConfigError || error instanceof FolderLockedError;
    console.error(known ? error.message : error);
    process.exit(1);
  });
}
