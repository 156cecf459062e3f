// §2 Send Report: the button, the confirmation 'Are you sure you want to send report to yourself?',
// and what the server answered. The send machine runs it; the rows are those on screen.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Modal } from "../../components/Modal";
import { selectMembersStatusCanSend, selectMembersStatusRows, type membersStatusMachine } from "../../machines/membersStatusReport/membersStatusReport";
import { SEND_REPORT_QUESTION, type membersStatusSendMachine } from "../../machines/membersStatusReport/membersStatusSend.machine";
import { selectConfirming, selectSending, selectSentMessage } from "../../machines/membersStatusReport/membersStatusSend.selectors";

type ReportActor = ActorRefFrom<typeof membersStatusMachine>;
type SendActor = ActorRefFrom<typeof membersStatusSendMachine>;

export function SendReportButton({ report, sender }: { report: ReportActor; sender: SendActor }) {
  const canSend = useSelector(report, selectMembersStatusCanSend);
  const sending = useSelector(sender, selectSending);
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={!canSend || sending}
      onClick={() => sender.send({ type: "membersReport.send.request", rows: selectMembersStatusRows(report.getSnapshot()) })}
    >
      {sending ? "Sending…" : "Send Report"}
    </button>
  );
}

export function SentNotice({ sender }: { sender: SendActor }) {
  const sentMessage = useSelector(sender, selectSentMessage);
  if (!sentMessage) return null;
  return (
    <div role="status" className="alert members-status__sent">
      <p className="alert__message">{sentMessage}</p>
      <button type="button" className="button" onClick={() => sender.send({ type: "membersReport.send.dismiss" })}>
        Dismiss
      </button>
    </div>
  );
}

export function SendReportDialog({ sender }: { sender: SendActor }) {
  const confirming = useSelector(sender, selectConfirming);
  if (!confirming) return null;
  const cancel = () => sender.send({ type: "membersReport.send.cancel" });
  return (
    <Modal
      title="Send Report"
      size="small"
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={() => sender.send({ type: "membersReport.send.confirm" })}>
            Send
          </button>
        </>
      }
    >
      <p>{SEND_REPORT_QUESTION}</p>
    </Modal>
  );
}
