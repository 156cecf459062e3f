// The setup tag: the partner portal link, feedback, the default page and practices, and the
// members-list defaults (user setup), with their own-user rules.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend, type SignedIn } from "./fixtures";

const backend = useBackend();

const encodeJson = (value: unknown) => JSON.stringify(value);

/** A member of staff this file may change without disturbing the shared `staff` account. */
async function anotherAgent(): Promise<SignedIn> {
  const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
  const agent = accounts.find((account) => !account.isAdmin && account.email !== backend.staff.user.email);
  if (!agent) throw new Error("the target needs a second member of staff");
  return backend.signIn(agent.email);
}

const feedback = {
  subject: "Filter resets",
  message: "The practice filter resets after saving a result.",
  firstName: "Marcus",
  lastName: "Reed",
  email: "marcus.reed@recalldesk.example",
  practice: "SM-HOUS",
  dateTime: "11/16/2026 09:00 AM",
};

describe("GET /getPartnersList/{userId}", () => {
  it("answers the partner portal link of the user's own id", async () => {
    const { status, body } = await backend.api.get("/getPartnersList/{userId}", {
      token: backend.staff.token,
      path: { userId: backend.staff.user.id },
    });
    expect(status).toBe(200);
    expect(body.partners_uri).toMatch(/^https?:\/\//);
  });

  it("refuses another user's id to staff (403) but not to an administrator", async () => {
    const staff = await backend.api.get("/getPartnersList/{userId}", { token: backend.staff.token, path: { userId: backend.admin.user.id } });
    expect(staff.status).toBe(403);
    const admin = await backend.api.get("/getPartnersList/{userId}", { token: backend.admin.token, path: { userId: backend.staff.user.id } });
    expect(admin.status).toBe(200);
  });

  it("answers 404 for an unknown user and 400 naming userId for one that is not an id", async () => {
    const unknown = await backend.api.get("/getPartnersList/{userId}", { token: backend.admin.token, path: { userId: 999999 } });
    expect(unknown.status).toBe(404);
    const invalid = await backend.api.get("/getPartnersList/{userId}", { token: backend.staff.token, path: { userId: "me" } });
    expect(invalid.status).toBe(400);
    expect(fieldsOf(invalid.body)).toContain("userId");
  });
});

describe("POST /report/sendFeedback", () => {
  it("accepts feedback with a data-URL attachment for sending (202)", async () => {
    const { status, body } = await backend.api.post("/report/sendFeedback", {
      token: backend.staff.token,
      body: { ...feedback, file: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" },
    });
    expect(status).toBe(202);
    expect(body.message).not.toBe("");
  });

  it("accepts feedback without an attachment", async () => {
    const { status } = await backend.api.post("/report/sendFeedback", { token: backend.staff.token, body: feedback });
    expect(status).toBe(202);
  });

  it("refuses a blank subject and a missing message, naming them", async () => {
    const { message: _message, ...withoutMessage } = feedback;
    const { status, body } = await backend.api.post("/report/sendFeedback", {
      token: backend.staff.token,
      body: { ...withoutMessage, subject: "   " },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["subject", "message"]));
  });

  it("refuses an attachment that is not a base64 data URL and a date not formatted MM/DD/YYYY hh:mm A", async () => {
    const { status, body } = await backend.api.post("/report/sendFeedback", {
      token: backend.staff.token,
      body: { ...feedback, file: "https://example.com/a.png", dateTime: "2026-11-16 09:00" },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["file", "dateTime"]));
  });

  it("refuses an attachment over its 7 MiB bound as a 400 naming file", async () => {
    const file = `data:application/pdf;base64,${"A".repeat(9_800_000)}`;
    const { status, body } = await backend.api.post("/report/sendFeedback", { token: backend.staff.token, body: { ...feedback, file } });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain("file");
  });

  it("refuses attachments a screenshot or document does not need, and content that is not what its type says", async () => {
    const before = (await backend.target.sentMail()).length;
    const base64 = (text: string) => Buffer.from(text).toString("base64");
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]).toString("base64");
    for (const [file, message] of [
      [`data:text/html;base64,${base64("<script>alert(1)</script>")}`, "must be a PNG, JPEG, GIF or WebP picture, a PDF, or plain text or CSV"],
      [`data:image/svg+xml;base64,${base64("<svg/>")}`, "must be a PNG, JPEG, GIF or WebP picture, a PDF, or plain text or CSV"],
      [`data:image/png;base64,${exe}`, "must hold what its type says: its content is of another kind"],
      [`data:application/pdf;base64,${base64("<html></html>")}`, "must hold what its type says: its content is of another kind"],
    ]) {
      const { status, body } = await backend.api.post("/report/sendFeedback", { token: backend.staff.token, body: { ...feedback, file } });
      expect(status).toBe(400);
      expect(body.details).toEqual([{ field: "file", message }]);
    }
    expect(await backend.target.sentMail()).toHaveLength(before);
  });

  it("takes 5 feedbacks of a user in 10 minutes; the next gets 429 with Retry-After and is not sent", async () => {
    const { token } = backend.admin;
    for (let sent = 1; sent <= 5; sent += 1) expect((await backend.api.post("/report/sendFeedback", { token, body: feedback })).status).toBe(202);
    const before = (await backend.target.sentMail()).length;
    const refused = await backend.api.post("/report/sendFeedback", { token, body: feedback });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You have sent a lot of feedback just now: try again in \d+ s\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await backend.target.sentMail()).toHaveLength(before);
    expect((await backend.api.post("/report/sendFeedback", { token: backend.staff.token, body: feedback })).status).toBe(202);
  });

  it("refuses a body over 10,000,000 bytes with 413 and sends nothing", async () => {
    const before = (await backend.target.sentMail()).length;
    const file = `data:application/pdf;base64,${"A".repeat(10_000_000)}`;
    const { status, body } = await backend.api.post("/report/sendFeedback", { token: backend.staff.token, body: { ...feedback, file } });
    expect(status).toBe(413);
    expect(body).toEqual({ message: "Request body is too large", statusCode: 413 });
    expect(await backend.target.sentMail()).toHaveLength(before);
  });
});

describe("GET /pmd/getSetup and POST /pmd/setDefault", () => {
  it("answers the user's defaults and the pages they may choose, administrator pages for administrators only", async () => {
    const staff = await backend.api.get("/pmd/getSetup", { token: backend.staff.token });
    expect(staff.status).toBe(200);
    const { user } = (await backend.api.get("/sessions", { token: backend.staff.token })).body;
    expect(staff.body.defaultPage).toBe(user.defaultPage);
    expect(staff.body.defaultLocationId).toBe(user.defaultLocationId);
    const staffPaths = staff.body.pages.map((page: { path: string }) => page.path);
    expect(staffPaths).toEqual(expect.arrayContaining(["/dashboard", "/members/all", "/call-recordings"]));
    expect(staffPaths).toContain(staff.body.defaultPage);
    expect(staffPaths).not.toContain("/usage");

    const admin = await backend.api.get("/pmd/getSetup", { token: backend.admin.token });
    expect(admin.body.pages.map((page: { path: string }) => page.path)).toContain("/usage");
  });

  it("saves the default page and practices: later sessions and the setup show them", async () => {
    const agent = await anotherAgent();
    const { status, body } = await backend.api.post("/pmd/setDefault", {
      token: agent.token,
      body: { defaultPage: "/call-recordings", defaultLocationId: "1;3" },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: agent.user.id, defaultPage: "/call-recordings", defaultLocationId: "1;3" });

    const session = await backend.api.get("/sessions", { token: agent.token });
    expect(session.body.user).toMatchObject({ defaultPage: "/call-recordings", defaultLocationId: "1;3" });
    const setup = await backend.api.get("/pmd/getSetup", { token: agent.token });
    expect(setup.body).toMatchObject({ defaultPage: "/call-recordings", defaultLocationId: "1;3" });
    const signedInAgain = await backend.signIn(agent.user.email);
    expect(signedInAgain.user).toMatchObject({ defaultPage: "/call-recordings", defaultLocationId: "1;3" });
  });

  it("clears the default practices with ''", async () => {
    const agent = await anotherAgent();
    const { status, body } = await backend.api.post("/pmd/setDefault", {
      token: agent.token,
      body: { defaultPage: "/dashboard", defaultLocationId: "" },
    });
    expect(status).toBe(200);
    expect(body.defaultLocationId).toBe("");
  });

  it("refuses a page the user may not choose and practices that do not exist, changing nothing", async () => {
    const before = (await backend.api.get("/pmd/getSetup", { token: backend.staff.token })).body;
    const { status, body } = await backend.api.post("/pmd/setDefault", {
      token: backend.staff.token,
      body: { defaultPage: "/usage", defaultLocationId: "1;99999" },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["defaultPage", "defaultLocationId"]));
    const after = (await backend.api.get("/pmd/getSetup", { token: backend.staff.token })).body;
    expect(after).toEqual(before);
  });

  it("refuses a malformed practice list and an unknown field", async () => {
    const { status, body } = await backend.api.post("/pmd/setDefault", {
      token: backend.staff.token,
      body: { defaultPage: "/dashboard", defaultLocationId: "1,3", theme: "dark" },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["defaultLocationId", "theme"]));
  });
});

describe("POST /userSetup and GET /userSetup/{params}", () => {
  const read = (token: string, userId: number) =>
    backend.api.get("/userSetup/{params}", { token, path: { params: encodeJson({ userId, appId: "call_center" }) } });

  it("saves each default once per field: a second save replaces the value", async () => {
    const agent = await anotherAgent();
    expect((await read(agent.token, agent.user.id)).body).toEqual([]);

    const saved = await backend.api.post("/userSetup", { token: agent.token, body: { appId: "call_center", field: "status", value: "New Patient" } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ appId: "call_center", field: "status", value: "New Patient" });
    await backend.api.post("/userSetup", { token: agent.token, body: { appId: "call_center", field: "practice", value: "2;5" } });
    await backend.api.post("/userSetup", { token: agent.token, body: { appId: "call_center", field: "status", value: "all" } });

    const { status, body } = await read(agent.token, agent.user.id);
    expect(status).toBe(200);
    expect(body).toEqual([
      { appId: "call_center", field: "practice", value: "2;5" },
      { appId: "call_center", field: "status", value: "all" },
    ]);
  });

  it("lets administrators read anyone's defaults and refuses another user's to staff", async () => {
    expect((await read(backend.admin.token, backend.staff.user.id)).status).toBe(200);
    const { status } = await read(backend.staff.token, backend.admin.user.id);
    expect(status).toBe(403);
  });

  it("answers 404 for an unknown user", async () => {
    expect((await read(backend.admin.token, 999999)).status).toBe(404);
  });

  it("refuses a status that is not a member status and practices that do not exist, naming value", async () => {
    for (const body of [
      { appId: "call_center", field: "status", value: "Somebody" },
      { appId: "call_center", field: "practice", value: "99999" },
    ]) {
      const answer = await backend.api.post("/userSetup", { token: backend.staff.token, body });
      expect(answer.status).toBe(400);
      expect(fieldsOf(answer.body)).toEqual(["value"]);
    }
  });

  it("refuses another application and a field it does not know", async () => {
    const { status, body } = await backend.api.post("/userSetup", {
      token: backend.staff.token,
      body: { appId: "other_app", field: "colour", value: "blue" },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["appId", "field"]));
  });

  it("refuses params that are not JSON or lack userId, naming them", async () => {
    const notJson = await backend.api.get("/userSetup/{params}", { token: backend.staff.token, path: { params: "{userId" } });
    expect(notJson.status).toBe(400);
    expect(fieldsOf(notJson.body)).toContain("params");
    const noUser = await backend.api.get("/userSetup/{params}", {
      token: backend.staff.token,
      path: { params: encodeJson({ appId: "call_center" }) },
    });
    expect(noUser.status).toBe(400);
    expect(fieldsOf(noUser.body)).toContain("params.userId");
  });
});
