// @vitest-environment node
// The server's demo data equals the mock's: the members status, priority status and deleted
// appointments reports answered by the server (SQL over the seeded tables) are the answers of the
// fake backend's own rules (mocks/reports/*) over the same generated world, call for call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test comparing with the mock, not server code
import { createMockDb, type MockDb } from "../../mocks/db/createMockDb";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test comparing with the mock, not server code
import { deletionsByGroup, deletionsByPractice, deletionsMatching, deletionsPage, type DeletedFilters } from "../../mocks/reports/deletedAppointments";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test comparing with the mock, not server code
import { membersStatusReport } from "../../mocks/reports/membersStatus";
import type { MembersStatusQuery } from "../../domain/reports/membersStatus.ts";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test comparing with the mock, not server code
import { priorityStatusReport } from "../../mocks/reports/priorityStatus";
import { ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../auth/testApp.ts";

/** The size of the seeded test database (server/auth/testApp.ts, the contract suite's). */
const SIZE = 1500;
const ALL: MembersStatusQuery = { brand: "all", region: "all", practice: [], mco: "all", result: "all" };

describe.each(ENGINES)("the reports of the demo data on %s", (engine) => {
  let server: TestApp;
  let token: string;
  let mock: MockDb;
  beforeAll(async () => {
    server = await startTestApp({ engine });
    token = await server.sessionOf(STAFF_EMAIL);
    mock = createMockDb({ size: SIZE });
  }, 240_000);
  afterAll(() => server?.close());

  const get = async (url: string, query: Record<string, string | number> = {}) => {
    const response = await server.app.inject({
      method: "GET",
      url: `/api${url}`,
      query: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)])),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("answers the priority status report as the mock does", async () => {
    expect(await get("/report/priority-status-report")).toEqual(priorityStatusReport(mock.priorities, mock.practices));
  });

  it("answers the members status report as the mock does, under each filter", async () => {
    const [first, second] = mock.practices;
    const queries: MembersStatusQuery[] = [
      ALL,
      { ...ALL, brand: "tmhp" },
      { ...ALL, region: "FSD", result: "" },
      { ...ALL, practice: [first!.id, second!.id], mco: "DentaQuest Medicaid" },
      { ...ALL, brand: "mcna", result: "Appointment Made" },
    ];
    for (const query of queries) {
      expect(await get("/Members/members-status-report", { params: JSON.stringify(query) })).toEqual(membersStatusReport(mock.members, mock.practices, query));
    }
  });

  it("answers the deleted appointments views as the mock does", async () => {
    const ranges: DeletedFilters[] = [
      { startDate: "2026-09-01", endDate: "2026-11-16", region: "all", practice: "all" },
      { startDate: "2026-10-30", endDate: "2026-11-02", region: "SMD", practice: "all" },
      { startDate: "2026-06-01", endDate: "2026-11-16", region: "all", practice: String(mock.practices[2]!.id) },
    ];
    for (const filters of ranges) {
      const matching = deletionsMatching(mock.deletedAppointments, mock.practices, filters);
      expect(await get("/deleted-appointments/bygroup", { ...filters })).toEqual(deletionsByGroup(matching, filters.region));
      expect(await get("/deleted-appointments/summary", { ...filters })).toEqual(deletionsByPractice(matching));
      expect(await get("/deleted-appointments/details", { ...filters, pageNum: 2, pageSize: 50 })).toEqual(deletionsPage(matching, 2, 50));
    }
  });
});
