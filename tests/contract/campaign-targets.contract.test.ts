// The campaign editor's live count: the members a campaign's targets match now, as the members
// list counts them under the same filters, with a warning when they match nobody (allowed).
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

const count = (body: unknown, token = backend.admin.token) => backend.api.post("/campaign-targets/count", { token, body });
const listTotal = async (query: Record<string, string>) => {
  const answer = await backend.api.get("/Members/getMembersTableData", { token: backend.admin.token, query: { ...query, pageNum: 1 } });
  expect(answer.status).toBe(200);
  return answer.body.total_count as number;
};

describe("POST /campaign-targets/count", () => {
  it("counts the members the members list shows under the same filters, with no warning", async () => {
    const targets = { company: "mcna", status: "Recare No Future Appointment" };
    const expected = await listTotal(targets);
    expect(expected).toBeGreaterThan(0);
    const { status, body } = await count(targets);
    expect(status).toBe(200);
    expect(body).toEqual({ count: expected, warning: null });
    expect((await count({})).body).toEqual({ count: await listTotal({}), warning: null });
  });

  it("answers 0 with a warning for filters that match nobody", async () => {
    const { status, body } = await count({ company: "mcna", search: "Zzyzx Nobodyhasthisname" });
    expect(status).toBe(200);
    expect(body).toEqual({ count: 0, warning: "These filters match no member: the campaign would serve nobody." });
  });

  it("answers 400 naming what breaks the targets, 403 to other staff and 401 without a session", async () => {
    const invalid = await count({ company: "aetna", practice: "first" });
    expect(invalid.status).toBe(400);
    expect(fieldsOf(invalid.body).sort()).toEqual(["company", "practice"]);
    expect((await count({}, backend.staff.token)).status).toBe(403);
    expect((await backend.api.post("/campaign-targets/count", { body: {} })).status).toBe(401);
  });
});
