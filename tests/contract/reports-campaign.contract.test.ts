// The contact data and call activity reports narrowed to a campaign: only the call starts and saves
// made in it count; an unknown campaign is refused naming `campaign`. The work is the
// administrator's own (a report may come from a read replica, which shows a session its own writes
// at once).
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { describe, expect, it } from "vitest";
import { zonedDate } from "../../domain/calendar";
import { fieldsOf, useBackend } from "./fixtures";
import { worklist } from "./worklist";
import { campaignSetup } from "./campaignSetup";

dayjs.extend(utc);
dayjs.extend(timezone);

const backend = useBackend();
const members = worklist(backend);
/** The campaigns are worked by the administrator. */
const { servable, campaignFor, step } = campaignSetup(backend, members, "Reports");

const calls = (series: any[]) => series.reduce((total, slot) => total + slot.contacted + slot.notContacted, 0);

const finish = (campaign: any) => step(campaign, "finish");

const contactData = (campaign?: number) => backend.api.get("/report/contact-data-report", { token: backend.admin.token, query: campaign === undefined ? {} : { campaign } });
const callActivity = (day: string, campaign?: number) =>
  backend.api.get("/report/call-activity", { token: backend.admin.token, query: { startDate: day, endDate: day, ...(campaign === undefined ? {} : { campaign }) } });

describe("the reports narrowed to a campaign", () => {
  it("count only the call starts and saves made in the campaign", async () => {
    const member = await servable(backend.admin);
    const campaign = await campaignFor(member, backend.admin);
    const empty = await contactData(campaign.id);
    expect(empty.status).toBe(200);
    expect(calls(empty.body.calls.thisMonth)).toBe(0);
    const floorBefore = (await contactData()).body;

    const served = await backend.api.post("/queue/next", { token: backend.admin.token, query: {} });
    expect(served.body).toMatchObject({ member: { id: member.id }, campaign: { id: campaign.id } });
    const started = await backend.api.post("/Members/calls", { token: backend.admin.token, body: { memberId: member.id } });
    expect(started.body.campaignId).toBe(campaign.id);
    const saved = await members.saveResult(member, "Appointment Made", backend.admin);
    expect(saved.body.campaignId).toBe(campaign.id);
    // Work outside the campaign: a call and a save of another member, on the floor's report only.
    const other = await members.freshMember();
    expect((await backend.api.post("/Members/calls", { token: backend.admin.token, body: { memberId: other.id } })).body.campaignId).toBeNull();
    expect((await members.saveResult(other, "No answer", backend.admin)).status).toBe(201);

    const narrowed = (await contactData(campaign.id)).body;
    const hour = dayjs(saved.body.createdAt).tz(narrowed.timeZone).hour();
    expect(calls(narrowed.calls.thisMonth)).toBe(1);
    expect(narrowed.calls.today[hour]).toEqual({ hour, contacted: 1, notContacted: 0 });
    expect(narrowed.appointments.today[hour].count).toBe(1);
    const floor = (await contactData()).body;
    expect(calls(floor.calls.today)).toBe(calls(floorBefore.calls.today) + 2);

    const day = zonedDate(started.body.startedAt);
    const rows = (await callActivity(day, campaign.id)).body;
    expect(rows).toEqual([expect.objectContaining({ userId: backend.admin.user.id, callsStarted: 1, resultsSaved: 1 })]);
    const floorRow = (await callActivity(day)).body.find((row: any) => row.userId === backend.admin.user.id);
    expect(floorRow.callsStarted).toBeGreaterThanOrEqual(2);
    expect((await finish(campaign)).status).toBe(200);
  });

  it("refuse an unknown campaign naming campaign", async () => {
    const unknown = 2147483647;
    const contact = await contactData(unknown);
    expect(contact.status).toBe(400);
    expect(fieldsOf(contact.body)).toEqual(["campaign"]);
    const activity = await callActivity("2026-11-16", unknown);
    expect(activity.status).toBe(400);
    expect(fieldsOf(activity.body)).toEqual(["campaign"]);
  });

  it.each([["0", 0], ["text", "third"]])("refuse a campaign that is %s naming campaign", async (_, campaign) => {
    const contact = await backend.api.get("/report/contact-data-report", { token: backend.admin.token, query: { campaign } as any });
    expect(contact.status).toBe(400);
    expect(fieldsOf(contact.body)).toEqual(["campaign"]);
  });
});
