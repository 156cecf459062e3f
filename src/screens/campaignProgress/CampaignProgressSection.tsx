// Each campaign's progress on the Campaigns page: the members targeted and eligible now (kept
// counts, with when they were counted), called, reached, appointments, open callbacks, attempts per
// member and the pace against the goal, its agents' rows under it; called, reached and appointments
// each open the members list narrowed to the members the figure counts; choosing a campaign shows
// its days. It renders the progress machine that src/app created.
import { useSelector } from "@xstate/react";
import { LoadStatus } from "../../components/LoadStatus";
import { Link } from "wouter";
import type { CampaignProgressActor, ProgressRow } from "../../machines/campaignProgress/campaignProgress.machine";
import * as progress from "../../machines/campaignProgress/campaignProgress.selectors";
import type { ExportActor } from "../export/ExportCsvButton";
import { CampaignDays } from "./CampaignDays";
import "./campaignProgress.css";

const count = new Intl.NumberFormat("en-US");
const members = (n: number) => `${count.format(n)} ${n === 1 ? "member" : "members"}`;
const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit" });

export function CampaignProgressSection({ actor, exporter }: { actor: CampaignProgressActor; exporter: ExportActor }) {
  const loading = useSelector(actor, progress.selectLoading);
  const failed = useSelector(actor, progress.selectFailed);
  const ready = useSelector(actor, progress.selectReady);
  const failure = useSelector(actor, progress.selectFailure);
  const rows = useSelector(actor, progress.selectRows);
  const countedAt = useSelector(actor, progress.selectCountedAt);
  const refreshing = useSelector(actor, progress.selectRefreshing);
  return (
    <section className="campaign-progress" aria-labelledby="campaign-progress-title">
      <div className="campaign-progress__header">
        <h2 id="campaign-progress-title">Progress</h2>
        {ready ? (
          <button type="button" className="button" disabled={refreshing} onClick={() => actor.send({ type: "progress.refresh" })}>
            {refreshing ? "Refreshing…" : "Refresh"}
          </button>
        ) : null}
      </div>
      <LoadStatus
        loading={loading}
        loadingText="Reading each campaign's progress…"
        failure={failure ? `The progress could not be ${failed ? "read" : "refreshed"}: ${failure.message}` : null}
        onRetry={failed ? () => actor.send({ type: "progress.retry" }) : null}
        empty={ready && rows.length === 0 ? "No campaign to show progress for yet." : null}
      />
      {ready && rows.length > 0 ? (
        <>
          <ProgressTable actor={actor} rows={rows} />
          {countedAt ? <p className="muted campaign-progress__note">Targeted and eligible now are counted once a minute; last counted at {time.format(new Date(countedAt))}.</p> : null}
          <CampaignDays actor={actor} exporter={exporter} />
        </>
      ) : null}
    </section>
  );
}

/** A figure (of the campaign, or of one agent's saves in it) that opens the members list narrowed to its members (drill-down), or the bare number for a zero. */
function MembersLink({ row, figure, title, agent }: { row: ProgressRow; figure: progress.MembersFigure; title: string; agent?: progress.AgentRow }) {
  const href = progress.campaignMembersHref(row, figure, agent);
  const figureCount = count.format((agent ?? row)[figure]);
  if (!href) return <>{figureCount}</>;
  return (
    <Link href={href} className="count-link" title={title}>
      {figureCount}
    </Link>
  );
}

function ProgressTable({ actor, rows }: { actor: CampaignProgressActor; rows: ProgressRow[] }) {
  const chosen = useSelector(actor, progress.selectChosen);
  return (
    <div className="table-scroll">
      <table className="data-table campaign-progress__table">
        <caption>Progress ({rows.length === 1 ? "1 campaign" : `${rows.length} campaigns`}, each agent under their campaign)</caption>
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col" className="num">Targeted</th>
            <th scope="col" className="num">Eligible now</th>
            <th scope="col" className="num">Called</th>
            <th scope="col" className="num">Reached</th>
            <th scope="col" className="num">Appointments</th>
            <th scope="col" className="num">Callbacks open</th>
            <th scope="col" className="num">Attempts per member</th>
            <th scope="col">Goal</th>
            <th scope="col">
              <span className="visually-hidden">Days</span>
            </th>
          </tr>
        </thead>
        {rows.map((row) => (
          <tbody key={row.campaignId}>
            <tr className={chosen?.campaignId === row.campaignId ? "campaign-progress__row--chosen" : undefined}>
              <th scope="row">
                {row.name} <span className={`badge campaign-state campaign-state--${row.state}`}>{row.state}</span>
              </th>
              <td className="num">{count.format(row.targeted)}</td>
              <td className="num">{count.format(row.eligibleNow)}</td>
              <td className="num">
                <MembersLink row={row} figure="called" title={`Open the ${members(row.called)} ${row.name} called`} />
              </td>
              <td className="num">
                <MembersLink row={row} figure="reached" title={`Open the ${members(row.reached)} ${row.name} reached`} />
              </td>
              <td className="num">
                <MembersLink row={row} figure="appointments" title={`Open the ${members(row.appointments)} ${row.name} gave ${row.appointmentResult}`} />
              </td>
              <td className="num">{count.format(row.callbacksOpen)}</td>
              <td className="num">{row.attemptsPerMember.toFixed(1)}</td>
              <td className="campaign-progress__goal">{progress.paceText(row)}</td>
              <td>
                <button
                  type="button"
                  className="button"
                  aria-pressed={chosen?.campaignId === row.campaignId}
                  aria-label={`Days of ${row.name}`}
                  onClick={() => actor.send({ type: "progress.choose", id: row.campaignId })}
                >
                  Days
                </button>
              </td>
            </tr>
            {row.byAgent.map((agent) => (
              <tr key={agent.userId} className="campaign-progress__agent">
                <th scope="row">
                  <span className="visually-hidden">{row.name}, agent</span> {agent.firstname} {agent.lastname}
                </th>
                <td colSpan={2} />
                <td className="num">
                  <MembersLink row={row} agent={agent} figure="called" title={`Open the ${members(agent.called)} ${agent.firstname} ${agent.lastname} called in ${row.name}`} />
                </td>
                <td className="num">
                  <MembersLink row={row} agent={agent} figure="reached" title={`Open the ${members(agent.reached)} ${agent.firstname} ${agent.lastname} reached in ${row.name}`} />
                </td>
                <td className="num">
                  <MembersLink
                    row={row}
                    agent={agent}
                    figure="appointments"
                    title={`Open the ${members(agent.appointments)} ${agent.firstname} ${agent.lastname} gave ${row.appointmentResult} in ${row.name}`}
                  />
                </td>
                <td colSpan={4} />
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
