// §2 Crons button → cron-history modal: each job's title, description, schedule, running or
// finished (reRun '0' = already ran) and its logs (start, end, status, message); administrators
// may run a job that is not running now ("Run now"), and read the report of a recordings import
// they started.
import { useMemo } from "react";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { Modal } from "../../components/Modal";
import * as dialogs from "../../machines/members/dialogs/dialogs.selectors";
import type { cronsMachine } from "../../machines/members/dialogs/crons.machine";
import { formatDateTime } from "./memberFormat";
import { RecordingsImportReport } from "./RecordingsImportReport";

type CronsActor = ActorRefFrom<typeof cronsMachine>;
type Cron = components["schemas"]["Cron"];

export function CronsDialog({ actor, onClose }: { actor: CronsActor; onClose: () => void }) {
  const status = useSelector(actor, dialogs.selectCronsStatus);
  const failure = useSelector(actor, dialogs.selectCronsFailure);
  const runFailure = useSelector(actor, dialogs.selectRunFailure);
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
      {status === "loading" ? (
        <p role="status" aria-busy="true">
          Loading cron history…
        </p>
      ) : status === "failed" ? (
        <div role="alert" className="alert alert--error">
          <p className="alert__message">The cron history could not be loaded{failure ? `: ${failure.message}` : "."}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "dialog.retry" })}>
            Try again
          </button>
        </div>
      ) : (
        // Its own scroll region, focusable so the keyboard can scroll the tables of runs.
        <div className="crons-list" tabIndex={0} role="region" aria-label="Scheduled jobs and their runs">
          {runFailure ? (
            <p role="alert" className="alert alert--error">
              The job could not be started: {runFailure.message}
            </p>
          ) : null}
          {crons.length === 0 ? <p className="muted">No scheduled jobs.</p> : crons.map((cron) => <CronSection key={cron.id} actor={actor} cron={cron} />)}
        </div>
      )}
    </Modal>
  );
}

function CronSection({ actor, cron }: { actor: CronsActor; cron: Cron }) {
  const state = dialogs.cronState(cron);
  const mayRun = useSelector(actor, dialogs.selectMayRunJobs);
  const canRun = useSelector(actor, useMemo(() => dialogs.selectCanRunJob(cron.id), [cron.id]));
  const report = useSelector(actor, useMemo(() => dialogs.selectRecordingsReportOf(cron.id), [cron.id]));
  return (
    <section className="cron" aria-labelledby={`cron-${cron.id}`}>
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
      {mayRun ? (
        <p>
          <button type="button" className="button" disabled={!canRun} aria-label={`Run now: ${cron.title}`} onClick={() => actor.send({ type: "crons.run", id: cron.id })}>
            Run now
          </button>
        </p>
      ) : null}
      {report ? <RecordingsImportReport report={report} /> : null}
      <CronRuns cron={cron} />
    </section>
  );
}

function CronRuns({ cron }: { cron: Cron }) {
  return (
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
  );
}
