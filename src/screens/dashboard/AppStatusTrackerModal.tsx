// §2 Dashboard: the App Status Tracker modal, the open issues of the checked application.
import { Modal } from "../../components/Modal";
import type { OpenIssue } from "../../machines/dashboard/dashboard.machine";

interface AppStatusTrackerModalProps {
  /** The issues with their start already formatted (D MMMM YYYY HH:mm). */
  rows: OpenIssue[];
  onClose: () => void;
}

export function AppStatusTrackerModal({ rows, onClose }: AppStatusTrackerModalProps) {
  return (
    <Modal title="App Status Tracker" onClose={onClose} size="large">
      <div className="table-scroll">
        <table className="data-table">
          <caption>Applications with open issues</caption>
          <thead>
            <tr>
              <th scope="col">Application</th>
              <th scope="col">Down Time Start</th>
              <th scope="col">What Is Down</th>
              <th scope="col">What to do in mean time</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="data-table__empty">
                  No Data
                </td>
              </tr>
            ) : (
              rows.map((issue) => (
                <tr key={issue.id}>
                  <td>{issue.application}</td>
                  <td className="dashboard__nowrap">{issue.downTimeStart}</td>
                  <td>{issue.whatIsDown}</td>
                  <td>{issue.whatToDoMeanTime}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
