// The priority status report: planned treatment by priority, per practice.
import { describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";

const backend = useBackend();

describe("GET /report/priority-status-report", () => {
  it("answers one row per practice, zeros included, sorted by location, each sum P1 + P2 + P3 + P4", async () => {
    const { status, body } = await backend.api.get("/report/priority-status-report", { token: backend.staff.token });
    expect(status).toBe(200);
    const practices = (await backend.api.get("/practice/list", { token: backend.staff.token })).body;
    expect(body.map((row: any) => row.practiceId).sort((a: number, b: number) => a - b)).toEqual(
      practices.map((practice: any) => practice.id).sort((a: number, b: number) => a - b),
    );
    const locations = body.map((row: any) => row.location);
    expect(locations).toEqual([...locations].sort());
    for (const row of body) {
      expect(row.sum).toBe(row.P1 + row.P2 + row.P3 + row.P4);
      expect(row.region).toBe(practices.find((practice: any) => practice.id === row.practiceId).region);
    }
    expect(body.reduce((total: number, row: any) => total + row.sum, 0)).toBeGreaterThan(0);
  });

  it("has urgent (P1) treatment as the rarest across the group", async () => {
    const { body } = await backend.api.get("/report/priority-status-report", { token: backend.staff.token });
    const column = (priority: string) => body.reduce((total: number, row: any) => total + row[priority], 0);
    expect(column("P1")).toBeLessThan(column("P3"));
  });
});
