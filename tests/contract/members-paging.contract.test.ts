// Keyset paging of the members list (openapi.yaml getMembersTableData `cursor`): the next and
// previous page from a page's cursors, the same rows as numbered pages while nothing changes, and
// no row skipped when a save moves a row of the page before.
import { beforeAll, describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

type Query = Record<string, string | number | boolean | undefined>;
interface Page {
  members: { id: number; Result: string; Subscriber_ID: string; practiceId: number; PatNum: string }[];
  pageNum: number;
  total_count: number;
  next_cursor?: string;
  previous_cursor?: string;
}

async function list(query: Query): Promise<Page> {
  const answer = await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query });
  expect(answer.status).toBe(200);
  return answer.body as Page;
}

const idsOf = (page: Page) => page.members.map((member) => member.id);

/** Every page of the query, each reached by the cursor of the one before. */
async function walkByCursor(query: Query, pageSize: number) {
  const pages = [await list({ ...query, pageSize })];
  while (pages.at(-1)!.members.length === pageSize) {
    pages.push(await list({ ...query, pageSize, pageNum: pages.length + 1, cursor: pages.at(-1)!.next_cursor }));
  }
  return pages;
}

let practiceIds: number[];
beforeAll(async () => {
  practiceIds = (await backend.api.get("/practice/list", { token: backend.staff.token })).body.map((p: { id: number }) => p.id);
});

describe("GET /Members/getMembersTableData by cursor", () => {
  const orders: [string, Query][] = [
    ["the default order", {}],
    ["days extracted", { orderByColumn: "Days_Extracted" }],
    ["next appointment descending, across its nulls", { orderByColumn: "NextApt", sameColumn: true }],
    ["practice, whose ties are whole practices", { orderByColumn: "Practice" }],
    ["age descending", { orderByColumn: "Age", sameColumn: true }],
    ["age, youngest first (birth dates read backwards)", { orderByColumn: "Age" }],
    ["last name descending (read backwards)", { orderByColumn: "Last_Name", sameColumn: true }],
    ["city descending", { orderByColumn: "City", sameColumn: true }],
  ];
  it.each(orders)("walks %s page by page as the numbered pages list it, and back again", async (_name, order) => {
    const query = { ...order, practice: practiceIds.slice(0, 2).join(",") };
    const pages = await walkByCursor(query, 50);
    const whole = await list({ ...query, pageSize: 1000 });
    expect(whole.total_count).toBeLessThan(1000);
    expect(pages.flatMap(idsOf)).toEqual(idsOf(whole));
    expect(pages.map((page) => page.pageNum)).toEqual(pages.map((_, index) => index + 1));
    for (const [index, page] of pages.entries()) {
      if (index === 0 || page.members.length === 0) continue;
      const back = await list({ ...query, pageSize: 50, pageNum: index, cursor: page.previous_cursor });
      expect(idsOf(back)).toEqual(idsOf(pages[index - 1]!));
      expect(back.total_count).toBe(whole.total_count);
    }
  });

  it("starts the next page right after the page's last row when a save moved one of its rows further on", async () => {
    const query = { practice: String(practiceIds[2]), orderByColumn: "Result", pageSize: 15 };
    const before = idsOf(await list({ ...query, pageSize: 50 }));
    const first = await list(query);
    const moved = first.members[0]!;
    expect(moved.Result).toBe("");
    const save = await backend.api.post("/Members/saveResult", {
      token: backend.staff.token,
      body: { sid: moved.Subscriber_ID, practice: moved.practiceId, patnum: moved.PatNum, Result: "Transfer", addLocation: "callCenter" },
    });
    expect(save.status).toBe(201);

    const next = await list({ ...query, pageNum: 2, cursor: first.next_cursor });
    expect(idsOf(next)).toEqual(before.slice(15, 30));
    const back = await list({ ...query, pageNum: 1, cursor: next.previous_cursor });
    expect(idsOf(back)).toEqual(before.slice(1, 15));
  });

  it("answers no cursor for an empty page", async () => {
    const { total_count } = await list({ practice: String(practiceIds[1]) });
    const past = await list({ practice: String(practiceIds[1]), pageNum: Math.ceil(total_count / 15) + 1 });
    expect(past.members).toEqual([]);
    expect(past.next_cursor).toBeUndefined();
    expect(past.previous_cursor).toBeUndefined();
  });

  it("refuses a cursor that is none of the list's, or was read in another sort, naming cursor", async () => {
    const page = await list({ orderByColumn: "Days_Extracted" });
    for (const query of [
      { orderByColumn: "Last_Name", cursor: page.next_cursor },
      { orderByColumn: "Days_Extracted", sameColumn: true, cursor: page.next_cursor },
      { orderByColumn: "Days_Extracted", cursor: "bm90LWEtY3Vyc29y" },
      { orderByColumn: "Days_Extracted", cursor: "not a cursor!" },
    ]) {
      const { status, body } = await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query });
      expect(status).toBe(400);
      expect(fieldsOf(body)).toEqual(["cursor"]);
    }
  });
});
