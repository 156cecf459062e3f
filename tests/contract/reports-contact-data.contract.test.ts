// The contact data report: calls by hour (contacted or not) and appointments set by hour, and how
// a saved result shows in it at once.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";

dayjs.extend(utc);
dayjs.extend(timezone);

const backend = useBackend();

const contactData = () => backend.api.get("/report/contact-data-report", { token: backend.staff.token });
const calls = (series: any[]) => series.reduce((total, slot) => total + slot.contacted + slot.notContacted, 0);
const count = (series: any[]) => series.reduce((total, slot) => total + slot.count, 0);

describe("GET /report/contact-data-report", () => {
  it("answers 24 hours per series in the group's time zone, with calls in every period", async () => {
    const { status, body } = await contactData();
    expect(status).toBe(200);
    expect(body.timeZone).toBe("America/Chicago");
    for (const series of [...Object.values(body.calls), ...Object.values(body.appointments)] as any[][]) {
      expect(series.map((slot) => slot.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    }
    for (const period of ["thisWeek", "lastWeek", "thisMonth", "lastMonth"]) {
      expect(calls(body.calls[period])).toBeGreaterThan(0);
    }
  });

  it("counts today's calls within this week and this month, and appointments set within contacted calls", async () => {
    const { body } = await contactData();
    for (let hour = 0; hour < 24; hour += 1) {
      const today = body.calls.today[hour];
      expect(body.calls.thisWeek[hour].contacted).toBeGreaterThanOrEqual(today.contacted);
      expect(body.calls.thisMonth[hour].notContacted).toBeGreaterThanOrEqual(today.notContacted);
      expect(body.appointments.today[hour].count).toBeLessThanOrEqual(today.contacted);
      expect(body.appointments.week[hour].count).toBeLessThanOrEqual(body.calls.thisWeek[hour].contacted);
      expect(body.appointments.month[hour].count).toBeGreaterThanOrEqual(body.appointments.week[hour].count);
    }
    expect(count(body.appointments.month)).toBeGreaterThan(0);
  });

  it("places the calls in the call center's day in the group's time zone, none at night", async () => {
    const { body } = await contactData();
    // In UTC the same working day would run into the evening hours 21–23.
    const night = (hour: number) => hour < 6 || hour >= 21;
    expect(calls(body.calls.lastMonth.filter((slot: any) => night(slot.hour)))).toBe(0);
    expect(calls(body.calls.lastMonth.filter((slot: any) => slot.hour >= 9 && slot.hour < 17))).toBeGreaterThan(0);
  });

  it("counts a saved 'Appointment Made' at once: today's appointments and contacted calls go up by one", async () => {
    const before = (await contactData()).body;
    const page = await backend.api.get("/Members/getMembersTableData", {
      token: backend.staff.token,
      query: { pageNum: 1, pageSize: 15, company: "all", result: "all", status: "all" },
    });
    expect(page.status).toBe(200);
    const member = page.body.members[0];
    const saved = await backend.api.post("/Members/saveResult", {
      token: backend.staff.token,
      body: { sid: member.Subscriber_ID, Result: "Appointment Made", patnum: member.PatNum, practice: member.practiceId, addLocation: "callCenter" },
    });
    expect(saved.status).toBe(201);

    const after = (await contactData()).body;
    const hour = dayjs(saved.body.createdAt).tz(after.timeZone).hour();
    expect(count(after.appointments.today)).toBe(count(before.appointments.today) + 1);
    expect(after.appointments.today[hour].count).toBe(before.appointments.today[hour].count + 1);
    expect(after.calls.today[hour].contacted).toBe(before.calls.today[hour].contacted + 1);
    expect(after.calls.today[hour].notContacted).toBe(before.calls.today[hour].notContacted);
  });

  it("counts a saved 'No answer' as a call that reached nobody, and Blank as no call", async () => {
    const page = await backend.api.get("/Members/getMembersTableData", {
      token: backend.staff.token,
      query: { pageNum: 1, pageSize: 15, company: "all", result: "all", status: "all" },
    });
    const member = page.body.members[1];
    const save = (Result: string) =>
      backend.api.post("/Members/saveResult", {
        token: backend.staff.token,
        body: { sid: member.Subscriber_ID, Result, patnum: member.PatNum, practice: member.practiceId, addLocation: "callCenter" },
      });
    const before = (await contactData()).body;
    const saved = await save("No answer");
    await save("");
    const after = (await contactData()).body;
    const hour = dayjs(saved.body.createdAt).tz(after.timeZone).hour();
    expect(after.calls.today[hour].notContacted).toBe(before.calls.today[hour].notContacted + 1);
    expect(calls(after.calls.today)).toBe(calls(before.calls.today) + 1);
  });
});
