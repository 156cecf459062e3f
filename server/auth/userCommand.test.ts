// @vitest-environment node
// `npm run user` on an empty database, as a first production install meets it: the first
// administrator added from the shell, then the Staff screen's rules (unique e-mails, never no
// administrator) and its audit, for every verb. On PGlite, and on PostgreSQL 15 with DATABASE_URL_TEST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { freshTestDatabase } from "../../tests/support/testDatabase.ts";
import { openSession, touchSession } from "./sessions.repository.ts";
import { hasControlCharacter } from "../../domain/staff/staffRules.ts";
import { loadConfig } from "../config.ts";
import { queueSettingOf } from "../queue/setting.ts";
import { parseUserArgs, runUserCommand, UsageError, USAGE } from "./userCommand.ts";

const RULES = { idleMs: 30 * 60_000, lifetimeMs: 7 * 24 * 60 * 60_000 };
const ADMIN = "it.admin@practice.example";
const COLLEAGUE = "ana.diaz@practice.example";

let database: DatabaseHandle;
const user = (...args: string[]) => runUserCommand(database.db, args, queueSettingOf(loadConfig({ NODE_ENV: "test" })));
const refusal = (...args: string[]) => user(...args).then(
  () => "accepted",
  (error: unknown) => (error instanceof UsageError ? error.message : `unexpected: ${String(error)}`),
);

beforeAll(async () => {
  database = await freshTestDatabase();
}, 60_000);
afterAll(() => database?.close());

describe("npm run user on an empty database", () => {
  it("says there is nobody yet, then adds the first administrator", async () => {
    expect(await user("list")).toBe("There are no staff accounts yet: npm run user -- add <email> --first <name> --last <name> --admin");
    expect(await user("add", ADMIN, "--first", "Jo", "--last", "Park", "--admin")).toBe(
      `Added Jo Park <${ADMIN}> as an administrator: signs in with the account of that e-mail.`,
    );
    expect(await user("list")).toMatch(new RegExp(`^\\d+\\tJo Park <${ADMIN}> \\(administrator\\)\\tall practices\\tnever signed in$`));
  });

  it("never leaves the call center without an enabled administrator", async () => {
    const last = "This is the last enabled administrator: make another staff member an administrator first, so that someone can still manage the staff";
    expect(await refusal("unset-admin", ADMIN)).toBe(last);
    expect(await refusal("disable", ADMIN)).toBe(last);
    await user("add", COLLEAGUE, "--first", "Ana", "--last", "Diaz");
    expect(await user("set-admin", COLLEAGUE)).toBe(`Changed Ana Diaz <${COLLEAGUE}> (administrator).`);
    expect(await user("unset-admin", ADMIN)).toBe(`Changed Jo Park <${ADMIN}>.`);
    expect(await user("set-admin", ADMIN)).toBe(`Changed Jo Park <${ADMIN}> (administrator).`);
  });

  it("keeps e-mails one account each, without regard to case, and renames", async () => {
    expect(await refusal("add", ADMIN.toUpperCase(), "--first", "X", "--last", "Y")).toBe(`There is already a staff member with the e-mail ${ADMIN.toUpperCase()}`);
    expect(await refusal("set-email", COLLEAGUE, ADMIN)).toBe(`There is already a staff member with the e-mail ${ADMIN}`);
    expect(await user("rename", COLLEAGUE, "--last", "Díaz-Ruiz")).toBe(`Changed Ana Díaz-Ruiz <${COLLEAGUE}> (administrator).`);
    expect(await user("set-email", COLLEAGUE, "ana.ruiz@practice.example")).toBe("Changed Ana Díaz-Ruiz <ana.ruiz@practice.example> (administrator).");
  });

  it("sets default practices by abbreviation or id, and names the ones that do not exist", async () => {
    await database.db.insertInto("regions").values({ id: 1, name: "SMD", brand_name: "Smile Magic" }).execute();
    await database.db.insertInto("practices").values({ id: 4, name: "Smile Magic Houston", abbr: "SM-HOUS", region_id: 1, brands: ["denta"] }).execute();
    expect(await user("set-practices", ADMIN, "sm-hous")).toBe(`Changed Jo Park <${ADMIN}> (administrator).`);
    expect(await user("list")).toContain(`Jo Park <${ADMIN}> (administrator)\tpractices 4\t`);
    expect(await refusal("set-practices", ADMIN, "SM-HOUS,FS-NOPE")).toBe("No practice has the abbreviation or id FS-NOPE");
    await user("set-practices", ADMIN, "none");
    expect(await user("list")).toContain(`Jo Park <${ADMIN}> (administrator)\tall practices\t`);
  });

  it("disables an account, ending its sessions at once, and enables it again", async () => {
    const [colleague] = await database.db.selectFrom("users").select("id").where("email", "=", "ana.ruiz@practice.example").execute();
    const { token } = await openSession(database.db, colleague!.id, RULES);
    expect(await touchSession(database.db, token, RULES)).toBeDefined();
    expect(await user("disable", "ana.ruiz@practice.example")).toBe("Disabled ana.ruiz@practice.example: signed out everywhere, and cannot sign in.");
    expect(await touchSession(database.db, token, RULES)).toBeUndefined();
    expect(await user("list")).toContain("<ana.ruiz@practice.example> (administrator, disabled)");
    expect(await user("enable", "ana.ruiz@practice.example")).toBe("Enabled ana.ruiz@practice.example: can sign in again.");
    expect(await touchSession(database.db, token, RULES)).toBeUndefined();
  });

  it("audits every change under the command, with no user", async () => {
    const entries = await database.db.selectFrom("audit_log").select(["user_id", "action", "address"]).orderBy("id").execute();
    expect(entries.every((entry) => entry.user_id === null && entry.address === "npm run user")).toBe(true);
    expect(entries.map((entry) => entry.action.split(" ")[0])).toEqual(
      expect.arrayContaining(["addStaff", "updateStaff", "disableStaff", "enableStaff"]),
    );
  });

  it("refuses control characters in names and e-mails, and lists rows that hold them escaped", async () => {
    const detail = "must not contain control characters (such as ESC or a bidirectional override)";
    expect(await refusal("add", "esc@practice.example", "--first", "\u001b[2J", "--last", "Park")).toBe(`--first ${detail}`);
    expect(await refusal("rename", ADMIN, "--last", "Park\u202egpj.exe")).toBe(`--last ${detail}`);
    expect(await refusal("add", "e\u009bsc@practice.example", "--first", "E", "--last", "Sc")).toBe(`The e-mail e\\u009bsc@practice.example ${detail}`);
    expect(await user("list")).not.toContain("esc@practice.example");
    // A row written before names were checked.
    await database.db.updateTable("users").set({ lastname: "Park\u001b]0;owned\u0007\u202e" }).where("email", "=", ADMIN).execute();
    const listed = await user("list");
    expect([...listed].filter((character) => character !== "\t" && character !== "\n" && hasControlCharacter(character))).toEqual([]);
    expect(listed).toContain(`Jo Park\\u001b]0;owned\\u0007\\u202e <${ADMIN}>`);
    expect(await refusal("set-admin", ADMIN)).toBe(`Invalid request: lastname (lastname ${detail})`);
    expect(await user("rename", ADMIN, "--last", "Park")).toBe(`Changed Jo Park <${ADMIN}> (administrator).`);
  });

  it("refuses what is not a command, with the usage", () => {
    expect(() => parseUserArgs(["promote", ADMIN])).toThrow(USAGE);
    expect(() => parseUserArgs(["add", ADMIN, "--first", "Jo"])).toThrow("add needs --first and --last");
    expect(() => parseUserArgs(["add", "not-an-address", "--first", "Jo", "--last", "Park"])).toThrow("not-an-address is not an e-mail address");
    expect(() => parseUserArgs(["rename", ADMIN])).toThrow("rename needs --first, --last or both");
  });
});
