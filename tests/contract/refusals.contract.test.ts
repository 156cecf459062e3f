// Requests no backend may take, whatever call they reach (openapi.yaml, Errors): bodies that are not
// JSON (415), ids and page numbers beyond PostgreSQL's integer, dates outside the years 1900–2999,
// NUL characters in any text, and paths that are not validly percent-encoded (400) — each answered
// with the contract's error body, and nothing written.
import { describe, expect, it } from "vitest";
import { operations } from "../../mocks/openapi/document";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

const anyPath = (path: string) => Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name!, "1"]));
const LARGEST_ID = 2147483647;

describe("bodies that are not JSON", () => {
  const withBody = operations.filter((operation) => operation.requestBody);

  it.each(withBody.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    "%s answers 415 to text/plain",
    async (_, operation) => {
      const token = operation.adminOnly ? backend.admin.token : backend.staff.token;
      const { status, body } = await backend.api[operation.method](operation.path, {
        token: operation.isPublic ? null : token,
        path: anyPath(operation.path),
        query: { jwt: 1 },
        rawBody: "hello",
        contentType: "text/plain",
      });
      expect(status).toBe(415);
      expect(body).toEqual({ message: "Unsupported content type: send the body as application/json", statusCode: 415 });
    },
  );

  it("answers 415 to a form, takes JSON with a charset, and reads an empty body as no body", async () => {
    const form = await backend.api.post("/sessions/login", { query: { jwt: 1 }, rawBody: "email=a&password=b", contentType: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    const charset = await backend.api.post("/auth/dev/token", { body: { email: backend.staff.user.email }, contentType: "application/json; charset=utf-8" });
    expect(charset.status).toBe(200);
    const empty = await backend.api.post("/auth/dev/token", { rawBody: "", contentType: "text/plain" });
    expect(empty.status).toBe(400);
    expect(fieldsOf(empty.body)).toEqual(["body"]);
  });

  it("saves nothing of a refused body: a note sent as text/plain is not among the member's notes", async () => {
    const member = (await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token })).body.members[0];
    const key = { sid: member.Subscriber_ID, practice: member.practiceId, patnum: member.PatNum };
    const note = { ...key, notes: "sent as text", addLocation: "callCenter" };
    const refused = await backend.api.post("/Members/saveNotes", { token: backend.staff.token, rawBody: JSON.stringify(note), contentType: "text/plain" });
    expect(refused.status).toBe(415);
    const notes = await backend.api.get("/Members/getNotes/{params}", { token: backend.staff.token, path: { params: JSON.stringify(key) } });
    expect(notes.body.map((saved: { notes: string }) => saved.notes)).not.toContain("sent as text");
  });
});

describe("values out of range", () => {
  it("answers 400 to ids beyond PostgreSQL's integer, in paths, bodies and JSON parameters", async () => {
    const { token } = backend.admin;
    const path = await backend.api.post("/Members/crons/{id}/rerun", { token, path: { id: LARGEST_ID + 1 } });
    expect(path.status).toBe(400);
    expect(fieldsOf(path.body)).toEqual(["id"]);
    const user = await backend.api.get("/getPartnersList/{userId}", { token, path: { userId: "99999999999" } });
    expect(fieldsOf(user.body)).toEqual(["userId"]);
    const note = await backend.api.post("/Members/saveNotes", {
      token,
      body: { sid: "1", patnum: "1", practice: LARGEST_ID + 1, notes: "x", addLocation: "callCenter" },
    });
    expect(fieldsOf(note.body)).toEqual(["practice"]);
    const setup = await backend.api.get("/userSetup/{params}", { token, path: { params: JSON.stringify({ userId: 1e12, appId: "call_center" }) } });
    expect(fieldsOf(setup.body)).toEqual(["params.userId"]);
  });

  it("answers 400 to huge page numbers and to ids in text longer than 9 digits", async () => {
    const { token } = backend.staff;
    const page = await backend.api.get("/Members/getMembersTableData", { token, query: { pageNum: "99999999999999999999" } });
    expect(page.status).toBe(400);
    expect(fieldsOf(page.body)).toEqual(["pageNum"]);
    const last = await backend.api.get("/Members/getMembersTableData", { token, query: { pageNum: LARGEST_ID, pageSize: 1000 } });
    expect(last.status).toBe(200);
    expect(last.body.members).toEqual([]);
    const practice = await backend.api.get("/Members/getMembersTableData", { token, query: { practice: "4,99999999999" } });
    expect(fieldsOf(practice.body)).toEqual(["practice"]);
    const recordings = await backend.api.get("/call-recordings/directoryList", { token, query: { practice: "2147483648" } });
    expect(fieldsOf(recordings.body)).toEqual(["practice"]);
  });

  // Text that JavaScript's Number reads as Infinity, NaN or a fraction passed the validators' coercion.
  const SPECIAL_NUMBERS = ["Infinity", "-Infinity", "NaN", "1e400", "-1e400", "9".repeat(309), "1e3", "1.5"];
  const integerParameters = operations.flatMap((operation) =>
    operation.parameters.filter((parameter) => parameter.schema.type === "integer" && parameter.in !== "header").map((parameter) => [`${operation.operationId} ${parameter.name}`, operation, parameter] as const),
  );

  it.each(integerParameters)("%s answers 400 naming it to numbers that are not integers in digits", async (_, operation, parameter) => {
    const token = operation.adminOnly ? backend.admin.token : backend.staff.token;
    const path = anyPath(operation.path);
    for (const value of SPECIAL_NUMBERS) {
      const sent = parameter.in === "path" ? { path: { ...path, [parameter.name]: value } } : { path, query: { jwt: 1, [parameter.name]: value } };
      const { status, body } = await backend.api[operation.method](operation.path, { token: operation.isPublic ? null : token, ...sent });
      expect([value.slice(0, 12), status]).toEqual([value.slice(0, 12), 400]);
      expect(fieldsOf(body)).toContain(parameter.name);
    }
  });

  it("answers 400 to dates before 1900 or after 2999, year 0000 among them", async () => {
    const { token } = backend.staff;
    const deleted = await backend.api.get("/deleted-appointments/bygroup", { token, query: { startDate: "0000-01-01", endDate: "2025-01-01" } });
    expect(fieldsOf(deleted.body)).toEqual(["startDate"]);
    const range = await backend.api.get("/call-recordings/directoryList", { token, query: { dates: "0000-01-01,2025-01-31" } });
    expect(fieldsOf(range.body)).toEqual(["dates"]);
    const origin = await backend.api.get("/report/new-patient-origin", {
      token,
      query: { params: JSON.stringify({ practice: [], brand: "all", date: ["0000-01"] }) },
    });
    expect(fieldsOf(origin.body)).toEqual(["params.date.0"]);
    const lead = await backend.api.post("/report/lead-data-report", {
      token,
      body: { mode: "range", startDate: "01-01-3000", endDate: "01-02-3000", practice: "all" },
    });
    expect(lead.status).toBe(400);
    expect(fieldsOf(lead.body)).toContain("startDate");
  });
});

describe("numbers and booleans inside JSON bodies", () => {
  // A body is JSON, typed as sent: text is never read as a number or a boolean (only path and query
  // values, which arrive as text, are). Coercing bodies let "1e309" reach the database as Infinity.
  const NUMBERS_AS_TEXT = ["1e309", "-1e309", "Infinity", "7"];
  const member = async () => (await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token })).body.members[0];
  const due = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) + "T20:00:00Z";

  it("answers 400 naming the id given as text, in every body that carries one", async () => {
    const { id } = await member();
    const staff = backend.staff.token;
    const admin = backend.admin.token;
    const mine = async () => (await backend.api.get("/callbacks/mine", { token: staff })).body;
    const before = await mine();
    for (const text of NUMBERS_AS_TEXT) {
      const sent = [
        ["memberId", await backend.api.post("/callbacks", { token: staff, body: { memberId: text, dueAt: due() } })],
        ["seenVersion", await backend.api.post("/callbacks", { token: staff, body: { memberId: id, dueAt: due(), seenVersion: text } })],
        ["memberId", await backend.api.post("/queue/attempts/reset", { token: admin, body: { memberId: text } })],
        ["callbackIds.0", await backend.api.post("/callbacks/reassign", { token: admin, body: { callbackIds: [text], userId: null } })],
        ["userId", await backend.api.post("/callbacks/reassign", { token: admin, body: { callbackIds: [1], userId: text } })],
        ["memberId", await backend.api.post("/Members/claims", { token: staff, body: { memberId: text } })],
        ["memberId", await backend.api.post("/Members/calls", { token: staff, body: { memberId: text } })],
      ] as const;
      for (const [field, answer] of sent) {
        expect([text, field, answer.status]).toEqual([text, field, 400]);
        expect(fieldsOf(answer.body)).toContain(field);
      }
    }
    expect(await mine()).toEqual(before);
  });

  it("answers 400 naming isAdmin sent as text, and adds no one", async () => {
    const { token } = backend.admin;
    const before = (await backend.api.get("/staff", { token })).body.length;
    const added = await backend.api.post("/staff", {
      token,
      body: { email: "text.admin@recalldesk.example", firstname: "Text", lastname: "Admin", isAdmin: "true", defaultLocationId: "" },
    });
    expect(added.status).toBe(400);
    expect(fieldsOf(added.body)).toEqual(["isAdmin"]);
    expect((await backend.api.get("/staff", { token })).body.length).toBe(before);
  });
});

describe("NUL characters", () => {
  it("answers 400 naming the field, in a query, a path, a body and a JSON parameter", async () => {
    const { token } = backend.staff;
    const query = await backend.api.get("/Members/getMembersTableData", { token, query: { search: "a\u0000b" } });
    expect(query.status).toBe(400);
    expect(query.body.details).toEqual([{ field: "search", message: "must not contain a NUL character" }]);
    const path = await backend.api.get("/sessions/cdpLogin/{token}", { path: { token: "a.b.c%00" }, encodedPath: true });
    expect(path.status).toBe(400);
    const body = await backend.api.post("/report/saveUsage", { token, body: { report: "members-status-report", action: "view" } });
    expect(body.status).toBe(201);
    const feedback = await backend.api.post("/report/sendFeedback", {
      token,
      body: { subject: "Hi", message: "a\u0000", firstName: "A", lastName: "B", email: "a@b.example", practice: "", dateTime: "03/04/2025 02:05 PM" },
    });
    expect(feedback.body.details).toEqual([{ field: "message", message: "must not contain a NUL character" }]);
    const json = await backend.api.get("/Members/getNotes/{params}", { token, path: { params: JSON.stringify({ sid: "1\u0000", practice: 1, patnum: "1" }) } });
    expect(json.body.details).toEqual([{ field: "params.sid", message: "must not contain a NUL character" }]);
  });

  it("writes nothing of a refused note", async () => {
    const { token } = backend.staff;
    const member = (await backend.api.get("/Members/getMembersTableData", { token })).body.members[1];
    const key = { sid: member.Subscriber_ID, practice: member.practiceId, patnum: member.PatNum };
    const before = (await backend.api.get("/Members/getNotes/{params}", { token, path: { params: JSON.stringify(key) } })).body;
    const refused = await backend.api.post("/Members/saveNotes", { token, body: { ...key, notes: "a\u0000b", addLocation: "callCenter" } });
    expect(refused.status).toBe(400);
    expect((await backend.api.get("/Members/getNotes/{params}", { token, path: { params: JSON.stringify(key) } })).body).toEqual(before);
  });
});

describe("badly encoded paths", () => {
  it("answer 400 with the contract's error body", async () => {
    const { status, body } = await backend.api.get("/helpMark/help/{id}", { token: backend.staff.token, path: { id: "%ZZ" }, encodedPath: true });
    expect(status).toBe(400);
    expect(body).toEqual({ message: "The address is not validly percent-encoded", statusCode: 400 });
  });

  it("answer 400 to a path segment longer than any parameter, without quoting it back", async () => {
    const token = `${"a".repeat(5000)}.b.c`;
    const { status, body } = await backend.api.get("/sessions/cdpLogin/{token}", { path: { token } });
    expect(status).toBe(400);
    expect(body.statusCode).toBe(400);
    expect(JSON.stringify(body)).not.toContain("aaaaaaaaaa");
  });
});
