// The members list, the dentists and the open issues (tag members).
import { callerOf, type Handlers } from "../handlers.ts";
import { auditRead } from "../audit.repository.ts";
import { listDentists, listedMembersPage, listOpenIssues } from "./members.repository.ts";
import { listedMemberOf } from "./memberAnswer.ts";
import { campaignListFilter } from "../campaigns/campaigns.repository.ts";

export const membersHandlers: Handlers = {
  async getMembersTableData(call) {
    const { query, services } = call;
    const pageNum = query.pageNum ?? 1;
    const zone = services.config.reportTimeZone;
    const campaign = await campaignListFilter(services.db, query);
    const { rows, total, ...cursors } = await listedMembersPage(services.db, services.engine, { ...query, ...campaign, pageNum, pageSize: query.pageSize ?? 15 }, services.now(), zone);
    const members = rows.map((row) => listedMemberOf(row, zone));
    await auditRead(services.db, { userId: callerOf(call).user.id, action: "getMembersTableData", memberIds: members.map((m) => m.id), address: call.request.ip });
    return { members, members_count: members.length, pageNum, total_count: total, ...cursors };
  },

  async getOpenIssues({ body, services }) {
    return (await listOpenIssues(services.db, body.applicationList)).map((row) => ({
      id: row.id,
      application: row.application,
      downTimeStart: new Date(row.down_time_start).toISOString(),
      whatIsDown: row.what_is_down,
      whatToDoMeanTime: row.what_to_do_mean_time,
    }));
  },

  async getDentistList({ services }) {
    return (await listDentists(services.db)).map((row) => ({ Dr_First_Name: row.first_name, dentist: row.name, practiceId: row.practice_id }));
  },
};
