// "Send members status report": every practice's members status report mailed to the practice
// managers (STATUS_REPORT_TO), through the mail set-up feedback uses (SMTP_URL, or the outbox
// without it), as the message of "send report to yourself". Without recipients the run is skipped,
// saying so.
import { membersReportMail } from "../../domain/mail/membersReportMail.ts";
import { missingIntegration } from "../../domain/jobs.ts";
import { sendMail } from "../mail/mailer.ts";
import { membersStatusRows } from "../reports/membersStatus.repository.ts";
import type { JobRunner } from "./runner.ts";

export const sendStatusReport: JobRunner = async ({ services, now }) => {
  const { statusReportTo, smtpUrl } = services.config;
  if (statusReportTo.length === 0) return { status: "skipped", message: missingIntegration("send-status-report", new Set())!.skipped };
  const rows = await membersStatusRows(services.db, { brand: "all", region: "all", practice: [], mco: "all", result: "all" });
  await sendMail(services, membersReportMail(statusReportTo.join(", "), rows, now()));
  const how = smtpUrl ? "Sent" : "Queued in the outbox (no SMTP_URL)";
  return { status: "success", message: `${how}: the members status report of ${rows.length} practice${rows.length === 1 ? "" : "s"} to ${statusReportTo.join(", ")}` };
};
