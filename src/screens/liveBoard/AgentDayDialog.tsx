// An agent's day on the live board: every result they saved today (time, member, result, the
// note of that call), each member opening in the members list; and a link to the agent's call
// recordings (those under their e-mail, compared whole), which play on that page.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Link } from "wouter";
import { Modal } from "../../components/Modal";
import { agentRecordingsHref } from "../../machines/callRecordings/callRecordings.links";
import type { agentDayMachine } from "../../machines/liveBoard/agentDay.machine";
import { memberHref, selectDayFailure, selectDayOfAgent, selectDayStatus } from "../../machines/liveBoard/liveBoard.selectors";
import { notePreview } from "../../machines/members/list/list.selectors";

const timeOf = (instant: string) => new Date(instant).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

export function AgentDayDialog({ actor, name, onClose }: { actor: ActorRefFrom<typeof agentDayMachine>; name: string; onClose: () => void }) {
  const status = useSelector(actor, selectDayStatus);
  const day = useSelector(actor, selectDayOfAgent);
  const failure = useSelector(actor, selectDayFailure);
  return (
    <Modal title={`${name} today`} onClose={onClose} size="large">
      {status === "loading" ? (
        <p role="status" aria-busy="true">Loading the day…</p>
      ) : status === "failed" ? (
        <div role="alert" className="alert alert--error">
          <p className="alert__message">{failure}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "agentDay.retry" })}>
            Try again
          </button>
        </div>
      ) : day && day.results.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table agent-day">
            <caption>{`${day.results.length} ${day.results.length === 1 ? "result" : "results"} saved on ${day.day}`}</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Member</th>
                <th scope="col">Result</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {day.results.map((result) => (
                <tr key={result.id}>
                  <td>{timeOf(result.savedAt)}</td>
                  <td>
                    <Link href={memberHref(result.member)}>{`${result.member.name} · ${result.member.practice}`}</Link>
                  </td>
                  <td>{result.Result || "Blank"}</td>
                  <td>{notePreview(result.note)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No results saved today.</p>
      )}
      {day ? (
        <p>
          <Link href={agentRecordingsHref(day.agent.email, name)}>{`Call recordings of ${name}`}</Link>
        </p>
      ) : null}
    </Modal>
  );
}
