// §2 Results history modal: who changed the result to what, and when; and who booked, moved or
// reassigned the member's callback for when (the work queue's entries with `callback`); and a link
// to the member's call recordings (those the import linked to them), which play on that page.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Link } from "wouter";
import { Modal } from "../../components/Modal";
import { memberRecordingsHref } from "../../machines/callRecordings/callRecordings.links";
import * as dialogs from "../../machines/members/dialogs/dialogs.selectors";
import type { listDialogMachine } from "../../machines/members/dialogs/listDialog.machine";
import { ListDialogStatus } from "./ListDialogStatus";
import { formatDateTime, relativeTime } from "./memberFormat";
import { callbackChangeText } from "../../machines/callbacks/callbackBadge";

interface ResultHistoryDialogProps {
  actor: ActorRefFrom<typeof listDialogMachine>;
  memberName: string;
  memberId: number;
  onClose: () => void;
}

export function ResultHistoryDialog({ actor, memberName, memberId, onClose }: ResultHistoryDialogProps) {
  const entries = useSelector(actor, dialogs.selectResultHistory);
  return (
    <Modal
      title={`Results history — ${memberName}`}
      onClose={onClose}
      actions={
        <>
          <Link href={memberRecordingsHref(memberId, memberName)}>{`Call recordings of ${memberName}`}</Link>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <ListDialogStatus actor={actor} what="results history">
        {entries.length === 0 ? (
          <p className="muted">No result has been set yet.</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <caption>Result changes, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Result</th>
                  <th scope="col">Changed by</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{entry.callback ? callbackChangeText(entry.callback) : entry.Result === "" ? "Blank" : entry.Result}</td>
                    <td>
                      {entry.user.firstname} {entry.user.lastname}
                    </td>
                    <td>
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>{" "}
                      <span className="muted">({relativeTime(entry.createdAt)})</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListDialogStatus>
    </Modal>
  );
}
