// @vitest-environment node
// Both backends over the same demo world answer the reports alike, to the number: the server with
// SQL over the seeded tables, the fake backend with its own rules over the world in memory. The
// conformance suite holds each to the contract; this holds them to each other, call for call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockHost, type MockHost } from "../../mocks/host";
import { ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../support/testApp.ts";

/** The size of the server test app's demo data. */
const SIZE = 1500;
const ALL = { brand: "all", region: "all", practice: [] as number[], mco: "all", result: "all" };

type Query = Record<string, string | number>;

describe.each(ENGINES)("the reports of the demo world, fake backend and server on %s", (engine) => {
  let server: TestApp;
  let serverToken: string;
  let mock: MockHost;
  let mockToken: string;
  beforeAll(async () => {
    server = await startTestApp({ engine });
    serverToken = await server.sessionOf(STAFF_EMAIL);
    mock = await startMockHost({ size: SIZE });
    const post = (path: string, body: unknown) =>
      fetch(`${mock.baseUrl}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());
    const { credential } = await post("/auth/dev/token", { email: STAFF_EMAIL });
    mockToken = (await post("/sessions?jwt=1", { credential, email: STAFF_EMAIL })).accessToken;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await mock?.close();
  });

  const text = (query: Query) => new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();

  /** The answers of both backends to one GET; both must succeed. */
  async function both(path: string, query: Query = {}) {
    const fromServer = await server.app.inject({ method: "GET", url: `/api${path}?${text(query)}`, headers: { authorization: `Bearer ${serverToken}` } });
    const fromMock = await fetch(`${mock.baseUrl}${path}?${text(query)}`, { headers: { Authorization: `Bearer ${mockToken}` } });
    expect([fromServer.statusCode, fromMock.status], path).toEqual([200, 200]);
    return { server: fromServer.json(), mock: await fromMock.json() };
  }

  it("answers the priority status report alike", async () => {
    const answers = await both("/report/priority-status-report");
    expect(answers.server).toEqual(answers.mock);
  });

  it("answers the members status report alike, under each filter", async () => {
    const queries = [
      ALL,
      { ...ALL, brand: "tmhp" },
      { ...ALL, region: "FSD", result: "" },
      { ...ALL, practice: [1, 2], mco: "DentaQuest Medicaid" },
      { ...ALL, brand: "mcna", result: "Appointment Made" },
    ];
    for (const query of queries) {
      const answers = await both("/Members/members-status-report", { params: JSON.stringify(query) });
      expect(answers.server, JSON.stringify(query)).toEqual(answers.mock);
    }
  });

  it("answers the deleted appointments views alike", async () => {
    const ranges = [
      { startDate: "2026-09-01", endDate: "2026-11-16", region: "all", practice: "all" },
      { startDate: "2026-10-30", endDate: "2026-11-02", region: "SMD", practice: "all" },
      { startDate: "2026-06-01", endDate: "2026-11-16", region: "all", practice: "3" },
    ];
    for (const range of ranges) {
      for (const [path, query] of [
        ["/deleted-appointments/bygroup", range],
        ["/deleted-appointments/summary", range],
        ["/deleted-appointments/details", { ...range, pageNum: 2, pageSize: 50 }],
      ] as const) {
        const answers = await both(path, query);
        expect(answers.server, `${path} ${JSON.stringify(query)}`).toEqual(answers.mock);
      }
    }
  });
});
