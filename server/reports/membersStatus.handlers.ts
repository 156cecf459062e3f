// The members status report and "send report to yourself" (tag reports).
import { invalidRequest } from "../../contract/errors.ts";
import { membersReportMail, parseReportRows } from "../../domain/mail/membersReportMail.ts";
import { totalsOf, type MembersStatusQuery } from "../../domain/reports/membersStatus.ts";
import { loadContract } from "../contract.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { sendMail } from "../mail/mailer.ts";
import { membersStatusRows } from "./membersStatus.repository.ts";
import { checkRegionField } from "../http/regionParams.ts";

export const membersStatusHandlers: Handlers = {
  async getMembersStatusReport({ query, services }) {
    const filters = services.decodeJson<MembersStatusQuery>(query.params, "MembersStatusReportQuery", "params");
    await checkRegionField(services.db, "params.region", filters.region);
    const rows = await membersStatusRows(services.reads().db, filters);
    return { rows, totals: { practice: "Total", ...totalsOf(rows) } };
  },

  async sendMembersReport(call) {
    const { user } = callerOf(call);
    const parsed = parseReportRows(call.body.data, loadContract().document.components as object);
    if ("problems" in parsed) throw invalidRequest(parsed.problems);
    await sendMail(call.services, membersReportMail(user.email, parsed.rows, call.services.now()));
    call.reply.code(202);
    return { message: `Report sent to ${user.email}` };
  },
};
