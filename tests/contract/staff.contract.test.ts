// The staff tag: administrators list, add and change staff accounts and end or give back their
// access; e-mails are one account each (409 naming email), the call center always keeps an enabled
// administrator (409), and a disabled account's sessions answer 401 from its next call on, saying
// that an administrator ended its access.
import { describe, expect, it } from "vitest";
import { fieldsOf, signIn, useBackend } from "./fixtures";

const backend = useBackend();

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const staff = async () => {
  const answer = await backend.api.get("/staff", { token: backend.admin.token });
  expect(answer.status).toBe(200);
  return answer.body as any[];
};
const newcomer = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  firstname: "Dana",
  lastname: "Cho",
  isAdmin: false,
  defaultLocationId: "",
  ...overrides,
});
const add = (body: unknown, token = backend.admin.token) => backend.api.post("/staff", { token, body });

describe("GET /staff", () => {
  it("lists every account by last name, first name and e-mail, with its flags and last sign-in", async () => {
    const list = await staff();
    const keys = list.map((member) => [member.lastname, member.firstname, member.email, member.id]);
    expect(keys).toEqual([...keys].sort((a, b) => byText(a[0], b[0]) || byText(a[1], b[1]) || byText(a[2], b[2]) || a[3] - b[3]));
    const admin = list.find((member) => member.id === backend.admin.user.id);
    expect(admin).toMatchObject({ email: backend.admin.user.email, isAdmin: true, disabled: false });
    expect(admin.lastSignInAt).not.toBeNull();
  });

  it("is for administrators: 403 to other staff", async () => {
    expect((await backend.api.get("/staff", { token: backend.staff.token })).status).toBe(403);
  });
});

describe("POST /staff", () => {
  it("adds an account that can then sign in, listed as never signed in", async () => {
    const { status, body } = await add(newcomer("dana.cho@recalldesk.example", { defaultLocationId: "1;2" }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ email: "dana.cho@recalldesk.example", firstname: "Dana", isAdmin: false, defaultLocationId: "1;2", disabled: false, lastSignInAt: null });
    expect((await staff()).map((member) => member.id)).toContain(body.id);
    const dana = await signIn(backend.api, "dana.cho@recalldesk.example");
    expect(dana.user).toMatchObject({ id: body.id, isAdmin: false, defaultLocationId: "1;2" });
  });

  it("answers 409 naming email for an e-mail an account has, in any case, and adds nothing", async () => {
    const before = await staff();
    const { status, body } = await add(newcomer(backend.staff.user.email.toUpperCase()));
    expect(status).toBe(409);
    expect(body.message).toBe(`There is already a staff member with the e-mail ${backend.staff.user.email.toUpperCase()}`);
    expect(fieldsOf(body)).toEqual(["email"]);
    expect(await staff()).toEqual(before);
  });

  it("answers 400 naming the fields that break the contract, and defaultLocationId for a practice that does not exist", async () => {
    const invalid = await add({ email: "not an e-mail", firstname: " ", lastname: "Cho", isAdmin: "yes" });
    expect(invalid.status).toBe(400);
    expect(fieldsOf(invalid.body)).toEqual(expect.arrayContaining(["email", "firstname", "isAdmin", "defaultLocationId"]));
    const unknown = await add(newcomer("lee.ng@recalldesk.example", { defaultLocationId: "987654" }));
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual(["defaultLocationId"]);
  });

  it("answers 400 naming each name that holds a control character (ESC, C1, a bidirectional override), and adds nothing", async () => {
    for (const [firstname, lastname, fields] of [
      ["\u001b[31mDana", "Cho", ["firstname"]],
      ["Dana", "Cho\u009b2J", ["lastname"]],
      ["Dana\u202e", "\u2066Cho", ["firstname", "lastname"]],
      ["Da\tna", "Cho", ["firstname"]],
    ] as const) {
      const refused = await add(newcomer("ctrl.cho@recalldesk.example", { firstname, lastname }));
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual(fields.map((field) => ({ field, message: "must not contain control characters (such as ESC or a bidirectional override)" })));
    }
    expect((await staff()).some((member) => member.email === "ctrl.cho@recalldesk.example")).toBe(false);
  });

  it("is for administrators: 403 to other staff, and nothing is added", async () => {
    expect((await add(newcomer("sam.ito@recalldesk.example"), backend.staff.token)).status).toBe(403);
    expect((await staff()).some((member) => member.email === "sam.ito@recalldesk.example")).toBe(false);
  });
});

describe("PUT /staff/{id}", () => {
  const put = (id: number | string, body: unknown, token = backend.admin.token) => backend.api.put("/staff/{id}", { token, path: { id }, body });

  it("changes the e-mail, names, administrator flag and default practices", async () => {
    const added = (await add(newcomer("kim.roe@recalldesk.example"))).body;
    const { status, body } = await put(added.id, newcomer("kim.roe-lee@recalldesk.example", { lastname: "Roe-Lee", isAdmin: true, defaultLocationId: "3" }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: added.id, email: "kim.roe-lee@recalldesk.example", lastname: "Roe-Lee", isAdmin: true, defaultLocationId: "3" });
    expect((await staff()).find((member) => member.id === added.id)).toEqual(body);
  });

  it("answers 409 naming email for another account's e-mail, and 404 for an unknown account", async () => {
    const added = (await add(newcomer("pat.ode@recalldesk.example"))).body;
    const taken = await put(added.id, newcomer(backend.colleague.user.email));
    expect(taken.status).toBe(409);
    expect(fieldsOf(taken.body)).toEqual(["email"]);
    expect((await put(987654, newcomer("x.y@recalldesk.example"))).status).toBe(404);
    expect(fieldsOf((await put("me", newcomer("x.y@recalldesk.example"))).body)).toContain("id");
  });

  it("answers 400 naming a name that holds a control character, and changes nothing", async () => {
    const added = (await add(newcomer("lou.park@recalldesk.example"))).body;
    const refused = await put(added.id, newcomer("lou.park@recalldesk.example", { lastname: "Park\u202egpj" }));
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(["lastname"]);
    expect((await staff()).find((member) => member.id === added.id)).toEqual(added);
  });

  it("refuses, 409 naming isAdmin, to remove the flag of the last enabled administrator: they cannot demote themselves", async () => {
    const admins = (await staff()).filter((member) => member.isAdmin && !member.disabled && member.id !== backend.admin.user.id);
    for (const other of admins) expect((await put(other.id, { ...pick(other), isAdmin: false })).status).toBe(200);
    const me = (await staff()).find((member) => member.id === backend.admin.user.id);
    const { status, body } = await put(me.id, { ...pick(me), isAdmin: false });
    expect(status).toBe(409);
    expect(fieldsOf(body)).toEqual(["isAdmin"]);
    expect((await staff()).find((member) => member.id === me.id).isAdmin).toBe(true);
    const disabled = await backend.api.post("/staff/{id}/disable", { token: backend.admin.token, path: { id: me.id } });
    expect(disabled.status).toBe(409);
    expect(fieldsOf(disabled.body)).toEqual(["id"]);
    for (const other of admins) expect((await put(other.id, { ...pick(other), isAdmin: true })).status).toBe(200);
  });

  it("is for administrators: 403 to other staff", async () => {
    expect((await put(backend.staff.user.id, newcomer(backend.staff.user.email), backend.staff.token)).status).toBe(403);
  });
});

/** The StaffInput of a listed account. */
const pick = (member: any) => ({
  email: member.email,
  firstname: member.firstname,
  lastname: member.lastname,
  isAdmin: member.isAdmin,
  defaultLocationId: member.defaultLocationId,
});

describe("POST /staff/{id}/disable and /enable", () => {
  const disable = (id: number | string, token = backend.admin.token) => backend.api.post("/staff/{id}/disable", { token, path: { id } });
  const enable = (id: number | string, token = backend.admin.token) => backend.api.post("/staff/{id}/enable", { token, path: { id } });

  it("ends every session of the account at once (401 from its next call, saying an administrator ended it), refuses its sign-in, and gives access back", async () => {
    const added = (await add(newcomer("jo.vale@recalldesk.example"))).body;
    const first = await signIn(backend.api, "jo.vale@recalldesk.example");
    const second = await signIn(backend.api, "jo.vale@recalldesk.example");
    expect((await backend.api.get("/sessions", { token: first.token })).status).toBe(200);

    const { status, body } = await disable(added.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: added.id, disabled: true });
    for (const session of [first, second]) {
      const answer = await backend.api.get("/sessions", { token: session.token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Your access was ended by an administrator.", statusCode: 401 });
    }
    await expect(signIn(backend.api, "jo.vale@recalldesk.example")).rejects.toThrow();
    expect((await disable(added.id)).body).toMatchObject({ disabled: true });

    expect((await enable(added.id)).body).toMatchObject({ id: added.id, disabled: false });
    // Access given back: the sessions it ended stay ended, as any other ended session.
    expect((await backend.api.get("/sessions", { token: first.token })).body).toEqual({ message: "Session Expired", statusCode: 401 });
    expect((await signIn(backend.api, "jo.vale@recalldesk.example")).user.id).toBe(added.id);
  });

  it("answers 404 for an unknown account, 400 naming id, and 403 to other staff", async () => {
    expect((await disable(987654)).status).toBe(404);
    expect((await enable(987654)).status).toBe(404);
    expect(fieldsOf((await disable("x")).body)).toContain("id");
    expect(fieldsOf((await enable("x")).body)).toContain("id");
    expect((await disable(backend.colleague.user.id, backend.staff.token)).status).toBe(403);
    expect((await enable(backend.colleague.user.id, backend.staff.token)).status).toBe(403);
    expect((await backend.api.get("/sessions", { token: backend.colleague.token })).status).toBe(200);
  });
});
