// §2 Crons button → cron-history modal: each job's title, description, schedule, running or
// finished (reRun '0' = already ran) and its logs (start, end, status, message).
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Modal } from "../../components/Modal";
import * as dialogs from "../../machines/members/dialogs/dialogs.selectors";
import type { listDialogMachine } from "../../machines/members/dialogs/listDialog.machine";
import { ListDialogStatus } from "./ListDialogStatus";
import { formatDateTime } from "./memberFormat";

export function CronsDialog({ actor, onClose }: { actor: ActorRefFrom<typeof listDialogMachine>; onClose: () => void }) {
  const crons = useSelector(actor, dialogs.selectCrons);
  return (
    <Modal
      title="Crons"
      size="large"
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <ListDialogStatus actor={actor} what="cron history">
        {/* Its own scroll region, focusable so the keyboard can scroll the tables of runs. */}
        <div className="crons-list" tabIndex={0} role="region" aria-label="Scheduled jobs and their runs">
        {crons.length === 0 ? (
          <p className="muted">No scheduled jobs.</p>
        ) : (
          crons.map((cron) => {
            const state = dialogs.cronState(cron);
            return (
              <section key={cron.id} className="cron" aria-labelledby={`cron-${cron.id}`}>
                <h3 id={`cron-${cron.id}`}>
                  {cron.title}
                  {state ? (
                    <>
                      {" "}
                      <span className={`badge cron__state cron__state--${state}`}>{state === "running" ? "Running" : "Finished"}</span>
                    </>
                  ) : null}
                </h3>
                <p>{cron.description}</p>
                {cron.notConfigured ? <p className="alert alert--warning">{cron.notConfigured}</p> : null}
                <p className="muted">
                  Schedule: <code>{cron.cronTime}</code>
                </p>
                <div className="table-scroll">
                  <table className="data-table">
                    <caption>Runs of {cron.title}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Start</th>
                        <th scope="col">End</th>
                        <th scope="col">Status</th>
                        <th scope="col">Message</th>
                      </tr>
                    </thead>
                    <tbody>
                      {cron.logs.length === 0 ? (
                        <tr>
                          <td colSpan={4} className="data-table__empty">
                            No runs yet
                          </td>
                        </tr>
                      ) : (
                        cron.logs.map((log) => (
                          <tr key={log.id}>
                            <td className="nowrap">{formatDateTime(log.startTime)}</td>
                            <td className="nowrap">{log.endTime ? formatDateTime(log.endTime) : "—"}</td>
                            <td>{log.status}</td>
                            <td>{log.message}</td>
                          </tr>
                        ))
                      )}
                    </tbody>
                  </table>
                </div>
              </section>
            );
          })
        )}
        </div>
      </ListDialogStatus>
    </Modal>
  );
}
