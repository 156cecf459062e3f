// The members status report and "send report to yourself" (tag reports).
import { HttpError } from "../errors.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { sendMail } from "../mail/mailer.ts";
import { membersReportMail, parseReportRows } from "./membersReportMail.ts";
import { membersStatusRows, totalsOf, type MembersStatusQuery } from "./membersStatus.repository.ts";

export const membersStatusHandlers: Handlers = {
  async getMembersStatusReport({ query, services }) {
    const filters = services.decodeJson<MembersStatusQuery>(query.params, "MembersStatusReportQuery", "params");
    const rows = await membersStatusRows(services.db, filters);
    return { rows, totals: { practice: "Total", ...totalsOf(rows) } };
  },

  async sendMembersReport(call) {
    const { user } = callerOf(call);
    const parsed = parseReportRows(call.body.data);
    if ("problems" in parsed) {
      throw new HttpError(400, `Invalid request: ${[...new Set(parsed.problems.map((p) => p.field))].join(", ")}`, parsed.problems);
    }
    await sendMail(call.services, membersReportMail(user.email, parsed.rows, call.services.now()));
    call.reply.code(202);
    return { message: `Report sent to ${user.email}` };
  },
};
