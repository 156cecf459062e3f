// The members tag: the members list (filters, sort, paging, search), dentists, open issues, and
// the results and notes of a member, with what a save changes in later reads.
import { beforeAll, describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

const RESULT_OPTIONS = [
  "Appointment Made", "Contact Made Call Back", "Contact Made Not Interested", "CM-DNC- Other Dentist", "CM-DNC- Moved",
  "Left message", "Broken", "Broken-Tx", "No answer", "Phone number issues", "Excessive Broken", "DNC- Other Dentist",
  "DNC- Moved", "DNC-Notes", "Transfer", "Reschedule", "Confirm",
];
const idsOf = (members: { id: number }[]) => members.map((member) => member.id);

type Query = Record<string, string | number | boolean | undefined>;

async function list(query: Query = {}) {
  const answer = await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query });
  expect(answer.status).toBe(200);
  return answer.body as { members: any[]; members_count: number; pageNum: number; total_count: number };
}

/** Every member matching the query, page by page of 1000. */
async function walk(query: Query) {
  const members: any[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const page = await list({ ...query, pageSize: 1000, pageNum });
    members.push(...page.members);
    if (page.members.length < 1000) return members;
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The contract's order: the column's values (numbers as numbers), nulls last, ties by id ascending. */
/** Whether members come by `column` (nulls last), ties by id ascending, or descending when `idsDescending`. */
function inOrder(members: any[], column: string, descending = false, idsDescending = false): boolean {
  return members.every((member, index) => {
    if (index === 0) return true;
    const previous = members[index - 1];
    const [a, b] = [previous[column], member[column]];
    if (a === null || b === null) return b === null && (a !== null || previous.id < member.id);
    const order = typeof a === "number" ? a - b : byText(a, b);
    return (descending ? -order : order) < 0 || (order === 0 && (idsDescending ? previous.id > member.id : previous.id < member.id));
  });
}

let practiceIds: number[];
let smdPracticeIds: Set<number>;
beforeAll(async () => {
  practiceIds = (await backend.api.get("/practice/list", { token: backend.staff.token })).body.map((p: any) => p.id);
  const smd = await backend.api.get("/practice/list/byregion/{region}", { token: backend.staff.token, path: { region: "SMD" } });
  smdPracticeIds = new Set(smd.body.map((p: any) => p.id));
});

describe("GET /Members/getMembersTableData", () => {
  it("answers the first 15 members by last name, then first name, with the counts", async () => {
    const page = await list();
    expect(page.pageNum).toBe(1);
    expect(page.members).toHaveLength(15);
    expect(page.members_count).toBe(15);
    expect(page.total_count).toBeGreaterThan(15);
    const names = page.members.map((m) => [m.Last_Name, m.First_Name, m.id]);
    expect(names).toEqual(
      [...names].sort((a, b) => byText(a[0], b[0]) || byText(a[1], b[1]) || a[2] - b[2]),
    );
  });

  it("lists only members that match every filter: brand, status and region", async () => {
    const page = await list({ company: "mcna", status: "New Patient", region: "SMD", pageSize: 100 });
    expect(page.total_count).toBeGreaterThan(0);
    for (const member of page.members) {
      expect(member.company).toBe("mcna");
      expect(member.Status).toBe("New Patient");
      expect(smdPracticeIds.has(member.practiceId)).toBe(true);
    }
  });

  it("filters by one practice or several", async () => {
    const [first, second] = practiceIds;
    const one = await list({ practice: String(first), pageSize: 100 });
    const other = await list({ practice: String(second) });
    const both = await list({ practice: `${first},${second}`, pageSize: 100 });
    expect(one.members.every((m) => m.practiceId === first)).toBe(true);
    expect(both.members.every((m) => m.practiceId === first || m.practiceId === second)).toBe(true);
    expect(both.total_count).toBe(one.total_count + other.total_count);
  });

  it("filters by result, '' meaning Blank, and every member has exactly one result", async () => {
    const blank = await list({ result: "", pageSize: 50 });
    expect(blank.members.every((m) => m.Result === "")).toBe(true);
    const made = await list({ result: "Appointment Made", pageSize: 50 });
    expect(made.members.every((m) => m.Result === "Appointment Made")).toBe(true);
    const totals = await Promise.all(RESULT_OPTIONS.map(async (result) => (await list({ result })).total_count));
    expect(blank.total_count + totals.reduce((sum, count) => sum + count, 0)).toBe((await list({ result: "all" })).total_count);
  });

  it("filters by MCO and by the first name of the dentist", async () => {
    const { MCO } = (await list()).members[0];
    const byMco = await list({ mco: MCO, pageSize: 100 });
    expect(byMco.members.every((m) => m.MCO === MCO)).toBe(true);

    const dentists = (await backend.api.get("/Members/getDentistList", { token: backend.staff.token })).body;
    const firstName = dentists[0].Dr_First_Name;
    const practicesOfDentist = new Set(dentists.filter((d: any) => d.Dr_First_Name === firstName).map((d: any) => d.practiceId));
    const byDentist = await walk({ dentistFirstName: firstName });
    expect(byDentist.length).toBeGreaterThan(0);
    expect(byDentist.length).toBeLessThan((await list()).total_count);
    expect(byDentist.every((m) => practicesOfDentist.has(m.practiceId))).toBe(true);
  });

  it("sorts by a column ascending, descending when sameColumn is true, ties by id (a name's descending order is its ascending one reversed)", async () => {
    const practice = String(practiceIds[3]);
    const ascending = await walk({ practice, orderByColumn: "Last_Name" });
    expect(inOrder(ascending, "Last_Name")).toBe(true);
    const descending = await walk({ practice, orderByColumn: "Last_Name", sameColumn: true });
    expect(inOrder(descending, "Last_Name", true, true)).toBe(true);
    expect(idsOf(descending)).toEqual(idsOf(ascending).reverse());
    expect(new Set(ascending.map((m) => m.Last_Name)).size).toBeGreaterThan(1);
    expect(descending[0].Last_Name > ascending[0].Last_Name).toBe(true);
  });

  it("sorts by age as by birth date the other way: youngest first, then oldest first", async () => {
    const practice = String(practiceIds[3]);
    const ascending = await walk({ practice, orderByColumn: "Age" });
    expect(inOrder(ascending, "Date_of_Birth", true, true)).toBe(true);
    expect(ascending.every((m, i) => i === 0 || ascending[i - 1].Age <= m.Age)).toBe(true);
    const descending = await walk({ practice, orderByColumn: "Age", sameColumn: true });
    expect(inOrder(descending, "Date_of_Birth")).toBe(true);
    expect(idsOf(ascending)).toEqual(idsOf(descending).reverse());
    expect(descending[0].Age).toBeGreaterThan(ascending[0].Age);
  });

  it("sorts by practice abbreviation, ties by id, either way and on every page", async () => {
    const practice = practiceIds.slice(0, 3).join(",");
    const ascending = await walk({ practice, orderByColumn: "Practice" });
    expect(inOrder(ascending, "Practice")).toBe(true);
    expect(new Set(ascending.map((m) => m.Practice)).size).toBe(3);
    const descending = await walk({ practice, orderByColumn: "Practice", sameColumn: true });
    expect(inOrder(descending, "Practice", true)).toBe(true);
    const { total_count } = await list({ practice });
    const lastPage = await list({ practice, orderByColumn: "Practice", pageNum: Math.ceil(total_count / 15) });
    expect(idsOf(lastPage.members)).toEqual(idsOf(ascending.slice(-lastPage.members.length)));
  });

  it("puts members without a value last in both directions", async () => {
    const practice = String(practiceIds[4]);
    for (const sameColumn of [false, true]) {
      const members = await walk({ practice, orderByColumn: "NextApt", sameColumn });
      expect(members.some((m) => m.NextApt === null) && members.some((m) => m.NextApt !== null)).toBe(true);
      expect(inOrder(members, "NextApt", sameColumn)).toBe(true);
      expect(members.at(-1).NextApt).toBeNull();
    }
  });

  it("pages consistently: page 2 continues page 1 without overlap", async () => {
    const query = { region: "FSD", orderByColumn: "Days_Extracted" };
    const first = await list({ ...query, pageNum: 1, pageSize: 15 });
    const second = await list({ ...query, pageNum: 2, pageSize: 15 });
    const fifty = await list({ ...query, pageNum: 1, pageSize: 50 });
    expect(second.pageNum).toBe(2);
    expect(idsOf(first.members).filter((id) => idsOf(second.members).includes(id))).toEqual([]);
    expect([...idsOf(first.members), ...idsOf(second.members)]).toEqual(idsOf(fifty.members).slice(0, 30));
    expect(inOrder([...first.members, ...second.members], "Days_Extracted")).toBe(true);
    expect(second.total_count).toBe(first.total_count);
  });

  it("counts in total_count exactly the members a walk through every page finds", async () => {
    const query = { practice: String(practiceIds[1]), status: "Recare No Future Appointment" };
    const members = await walk(query);
    expect(members.length).toBe((await list(query)).total_count);
    expect(new Set(idsOf(members)).size).toBe(members.length);
  });

  it("answers an empty page past the end, echoing the page number", async () => {
    const query = { practice: String(practiceIds[2]) };
    const { total_count } = await list(query);
    const pageNum = Math.ceil(total_count / 15) + 1;
    expect(await list({ ...query, pageNum })).toEqual({ members: [], members_count: 0, pageNum, total_count });
  });

  describe("search", () => {
    let member: any;
    beforeAll(async () => {
      // A last name shorter than ten letters must appear exactly (threshold 0.1 allows no typo in it).
      member = (await list({ pageNum: 7 })).members.find((m) => m.Last_Name.length < 10);
    });
    const finds = async (search: string, query: Query = {}) => idsOf((await walk({ ...query, search })));

    it("finds a member by full subscriber id, patient number and last name", async () => {
      expect(await finds(member.Subscriber_ID)).toContain(member.id);
      expect(await finds(member.PatNum)).toContain(member.id);
      const byLastName = await walk({ search: member.Last_Name });
      expect(idsOf(byLastName)).toContain(member.id);
      const name = member.Last_Name.toLowerCase();
      expect(byLastName.every((m) => `${m.First_Name} ${m.Middle_Name} ${m.Last_Name}`.toLowerCase().includes(name))).toBe(true);
    });

    it("finds a member by phone as listed or typed as digits", async () => {
      const digits = member.Phone.replace(/\D/g, "");
      expect(await finds(member.Phone)).toContain(member.id);
      expect(await finds(digits)).toContain(member.id);
      expect(await finds(`${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`)).toContain(member.id);
    });

    it("finds by a birth date, ISO or MM/DD/YYYY, the members born that day", async () => {
      const [year, month, day] = member.Date_of_Birth.split("-");
      for (const text of [member.Date_of_Birth, `${month}/${day}/${year}`]) {
        const found = await walk({ search: text });
        expect(idsOf(found)).toContain(member.id);
        expect(found.every((m) => m.Date_of_Birth === member.Date_of_Birth)).toBe(true);
      }
    });

    it("finds for a text of one or two characters the members whose first or last name begins with it", async () => {
      const prefix = member.Last_Name.slice(0, 2);
      const found = await walk({ search: ` ${prefix.toLowerCase()} ` });
      expect(idsOf(found)).toContain(member.id);
      const begins = (m: any) => [m.First_Name, m.Last_Name].some((name: string) => name.toLowerCase().startsWith(prefix.toLowerCase()));
      expect(found.every(begins)).toBe(true);
      expect((await list({ search: prefix })).total_count).toBe(found.length);
      // Every member with such a name, among all of one practice, is found.
      const practice = String(member.practiceId);
      const everyone = await walk({ practice });
      expect(idsOf(await walk({ search: prefix, practice })).sort((a, b) => a - b)).toEqual(idsOf(everyone.filter(begins)).sort((a, b) => a - b));
      const initial: string = member.First_Name.slice(0, 1).toLowerCase();
      expect((await walk({ search: initial })).every((m) => [m.First_Name, m.Last_Name].some((name: string) => name.toLowerCase().startsWith(initial)))).toBe(true);
      // Inside a name is not enough, and digits begin no name (fuzzy, "12" would be in most phones).
      const inside = (m: any) => [m.First_Name, m.Middle_Name, m.Last_Name].some((name: string) => name.toLowerCase().includes("er"));
      expect(everyone.some(inside)).toBe(true);
      const er = await walk({ search: "er", practice });
      expect(er.length).toBeLessThan(everyone.filter(inside).length);
      expect(er.every((m) => [m.First_Name, m.Last_Name].some((name: string) => name.toLowerCase().startsWith("er")))).toBe(true);
      expect((await list({ search: "12" })).total_count).toBe(0);
    });

    it("trims the text and searches within the other filters", async () => {
      expect(await finds(`   ${member.Subscriber_ID}  `)).toEqual(await finds(member.Subscriber_ID));
      const otherBrand = member.company === "denta" ? "mcna" : "denta";
      expect(await finds(member.Subscriber_ID, { company: otherBrand })).not.toContain(member.id);
      expect(await finds(member.Subscriber_ID, { company: member.company })).toContain(member.id);
    });
  });

  it("refuses a page size, status, practice, column or brand outside the contract, naming each", async () => {
    const { status, body } = await backend.api.get("/Members/getMembersTableData", {
      token: backend.staff.token,
      query: { pageSize: 7, status: "Nope", practice: "4;7", orderByColumn: "Dentist", company: "aetna" },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["pageSize", "status", "practice", "orderByColumn", "company"]));
  });
});

describe("GET /Members/getDentistList", () => {
  it("lists every dentist by name, ties by practice, each at a known practice", async () => {
    const { status, body } = await backend.api.get("/Members/getDentistList", { token: backend.staff.token });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(practiceIds.length);
    const keys = body.map((d: any) => [d.dentist, d.practiceId]);
    expect(keys).toEqual([...keys].sort((a: any, b: any) => byText(a[0], b[0]) || a[1] - b[1]));
    for (const dentist of body) {
      expect(practiceIds).toContain(dentist.practiceId);
      expect(dentist.dentist).toContain(dentist.Dr_First_Name);
    }
  });
});

describe("POST /Members/getOpenIssues", () => {
  const openIssues = (applicationList: unknown) =>
    backend.api.post("/Members/getOpenIssues", { token: backend.staff.token, body: { applicationList } });

  it("answers the current downtime of the Members application, newest first", async () => {
    const { status, body } = await openIssues(["Members"]);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((issue: any) => issue.application === "Members" && issue.whatIsDown && issue.whatToDoMeanTime)).toBe(true);
    const starts = body.map((issue: any) => issue.downTimeStart);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it("answers the issues of every listed application, and none for an application without any", async () => {
    const members = (await openIssues(["Members"])).body;
    const both = (await openIssues(["Members", "Call Recordings"])).body;
    expect(both.length).toBeGreaterThan(members.length);
    expect(idsOf(both)).toEqual(expect.arrayContaining(idsOf(members)));
    expect((await openIssues(["Timesheets"])).body).toEqual([]);
  });

  it("refuses an empty or repeated application list", async () => {
    for (const applicationList of [[], ["Members", "Members"]]) {
      const { status, body } = await openIssues(applicationList);
      expect(status).toBe(400);
      expect(fieldsOf(body)).toContain("applicationList");
    }
  });
});

describe("results and notes of a member", () => {
  const taken = new Set<number>();
  /** A member no other test of this file touches. */
  async function freshMember(query: Query = {}) {
    const member = (await list({ ...query, pageSize: 100 })).members.find((m) => !taken.has(m.id));
    taken.add(member.id);
    return member;
  }
  const keyOf = (member: any) => ({ sid: member.Subscriber_ID, practice: member.practiceId, patnum: member.PatNum });
  const saveResult = (member: any, Result: string, token = backend.staff.token) =>
    backend.api.post("/Members/saveResult", { token, body: { ...keyOf(member), Result, addLocation: "callCenter" } });
  const saveNotes = (member: any, notes: string) =>
    backend.api.post("/Members/saveNotes", { token: backend.staff.token, body: { ...keyOf(member), notes, addLocation: "callCenter" } });
  const history = (kind: "getNotes" | "getResults", params: unknown) =>
    backend.api.get(`/Members/${kind}/{params}`, {
      token: backend.staff.token,
      path: { params: typeof params === "string" ? params : JSON.stringify(params) },
    });
  /** The member as the list shows it now. */
  const listed = async (member: any, query: Query = {}) =>
    (await walk({ search: member.Subscriber_ID, practice: String(member.practiceId), ...query })).find((m) => m.id === member.id);
  /** A save's answer as its history lists it (the history entry, without the member's version). */
  const entryOf = ({ version: _version, campaignId: _campaign, ...entry }: any) => entry;
  const newestFirst = (entries: any[], time: string) =>
    entries.every((entry, index) => index === 0 || entries[index - 1][time] > entry[time] || (entries[index - 1][time] === entry[time] && entries[index - 1].id > entry.id));

  describe("POST /Members/saveResult", () => {
    it("saves the result with the signed-in user and the time, and the list shows it at once", async () => {
      const member = await freshMember({ result: "" });
      const before = (await history("getResults", keyOf(member))).body;
      const { status, body } = await saveResult(member, "Contact Made Call Back");
      expect(status).toBe(201);
      expect(body).toMatchObject({ Result: "Contact Made Call Back", user: { firstname: backend.staff.user.firstname, lastname: backend.staff.user.lastname } });
      expect(before.every((entry: any) => entry.createdAt <= body.createdAt)).toBe(true);

      expect((await listed(member, { result: "Contact Made Call Back" }))?.Result).toBe("Contact Made Call Back");
      expect(await listed(member, { result: "" })).toBeUndefined();
      const after = (await history("getResults", keyOf(member))).body;
      expect(after[0]).toEqual(entryOf(body));
      expect(after.slice(1)).toEqual(before);
    });

    it("keeps every save in the history, the later one the member's result; '' sets it back to Blank", async () => {
      const member = await freshMember({ result: "No answer" });
      const first = (await saveResult(member, "Left message", backend.admin.token)).body;
      const second = (await saveResult(member, "")).body;
      const entries = (await history("getResults", keyOf(member))).body;
      expect(entries.slice(0, 2)).toEqual([entryOf(second), entryOf(first)]);
      expect(entries[1].user).toEqual({ firstname: backend.admin.user.firstname, lastname: backend.admin.user.lastname });
      expect((await listed(member, { result: "" }))?.Result).toBe("");
    });

    it("answers 404 for a member unknown at that practice", async () => {
      const member = await freshMember();
      const otherPractice = practiceIds.find((id) => id !== member.practiceId);
      expect((await saveResult({ ...member, practiceId: otherPractice }, "No answer")).status).toBe(404);
      expect((await saveResult({ ...member, Subscriber_ID: "ZZ-NOT-A-MEMBER" }, "No answer")).status).toBe(404);
    });

    it("refuses a patient number of another member, naming patnum, and saves nothing", async () => {
      const member = await freshMember();
      const { status, body } = await saveResult({ ...member, PatNum: "1" }, "No answer");
      expect(status).toBe(400);
      expect(fieldsOf(body)).toEqual(["patnum"]);
      expect((await listed(member))?.Result).toBe(member.Result);
    });

    it("refuses a result, location or field the contract does not know, naming them", async () => {
      const member = await freshMember();
      const { status, body } = await backend.api.post("/Members/saveResult", {
        token: backend.staff.token,
        body: { ...keyOf(member), Result: "Maybe later", addLocation: "frontDesk", colour: "green" },
      });
      expect(status).toBe(400);
      expect(fieldsOf(body)).toEqual(expect.arrayContaining(["Result", "addLocation", "colour"]));
    });
  });

  describe("POST /Members/saveNotes", () => {
    it("stores the trimmed note with its author; it heads the notes and the list's notes column", async () => {
      const member = await freshMember();
      const { status, body } = await saveNotes(member, "   Mom asked for a Saturday appointment.  ");
      expect(status).toBe(201);
      expect(body).toMatchObject({
        notes: "Mom asked for a Saturday appointment.",
        user: { firstname: backend.staff.user.firstname, lastname: backend.staff.user.lastname },
      });
      expect((await history("getNotes", keyOf(member))).body[0]).toEqual(entryOf(body));
      const shown = await listed(member);
      expect(shown).toMatchObject({ notes: body.notes, notestimestamp: body.notestimestamp });
    });

    it("refuses a missing, blank or too long note, naming notes", async () => {
      const member = await freshMember();
      const { notes: _none, ...withoutNotes } = { ...keyOf(member), notes: "", addLocation: "callCenter" };
      for (const body of [withoutNotes, { ...withoutNotes, notes: "   " }, { ...withoutNotes, notes: "x".repeat(2001) }]) {
        const answer = await backend.api.post("/Members/saveNotes", { token: backend.staff.token, body });
        expect(answer.status).toBe(400);
        expect(fieldsOf(answer.body)).toContain("notes");
      }
    });

    it("answers 404 for an unknown member and 400 naming patnum for another's patient number", async () => {
      const member = await freshMember();
      expect((await saveNotes({ ...member, Subscriber_ID: "ZZ-NOT-A-MEMBER" }, "Called.")).status).toBe(404);
      const mismatch = await saveNotes({ ...member, PatNum: "1" }, "Called.");
      expect(mismatch.status).toBe(400);
      expect(fieldsOf(mismatch.body)).toEqual(["patnum"]);
    });
  });

  describe("GET /Members/getNotes/{params} and /Members/getResults/{params}", () => {
    it("answer a member's history newest first, headed by what the list shows", async () => {
      const member = (await list({ result: "Appointment Made", pageSize: 50 })).members.find((m) => m.notes !== null);
      const results = (await history("getResults", keyOf(member))).body;
      expect(results[0].Result).toBe(member.Result);
      expect(newestFirst(results, "createdAt")).toBe(true);
      const notes = (await history("getNotes", keyOf(member))).body;
      expect(notes[0]).toMatchObject({ notes: member.notes, notestimestamp: member.notestimestamp });
      expect(newestFirst(notes, "notestimestamp")).toBe(true);
      expect([...notes, ...results].every((entry: any) => entry.user.firstname && entry.user.lastname)).toBe(true);
    });

    it("answer an empty history for a member never called", async () => {
      const member = (await list({ result: "", pageSize: 50 })).members.find((m) => m.notes === null);
      expect((await history("getNotes", keyOf(member))).body).toEqual([]);
    });

    it("refuse params that are not JSON or miss a field, and a wrong patient number, naming them", async () => {
      const member = await freshMember();
      for (const kind of ["getNotes", "getResults"] as const) {
        const notJson = await history(kind, "{sid:1");
        expect(notJson.status).toBe(400);
        expect(fieldsOf(notJson.body)).toContain("params");
        const { sid: _sid, ...withoutSid } = keyOf(member);
        const missing = await history(kind, withoutSid);
        expect(missing.status).toBe(400);
        expect(fieldsOf(missing.body)).toContain("params.sid");
        const mismatch = await history(kind, { ...keyOf(member), patnum: "1" });
        expect(mismatch.status).toBe(400);
        expect(fieldsOf(mismatch.body)).toEqual(["params.patnum"]);
        expect((await history(kind, { ...keyOf(member), sid: "ZZ-NOT-A-MEMBER" })).status).toBe(404);
      }
    });
  });
});
