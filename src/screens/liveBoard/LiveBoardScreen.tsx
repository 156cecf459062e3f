// The supervisor's live board (administrators): who is on a call, who is idle, and how today is
// going, kept live by the event stream; an agent's day on a click; a wallboard for the wall.
import { useSelector } from "@xstate/react";
import { useCallback } from "react";
import type { ActorRefFrom } from "xstate";
import { PageHeader } from "../../components/PageHeader";
import type { BoardColumn, liveBoardMachine } from "../../machines/liveBoard/liveBoard.machine";
import * as board from "../../machines/liveBoard/liveBoard.selectors";
import { AgentDayDialog } from "./AgentDayDialog";
import { BoardTable } from "./BoardTable";
import "./liveBoard.css";
import { formatDate } from "../../lib/format";

type LiveBoardActor = ActorRefFrom<typeof liveBoardMachine>;

const STATUS_TEXT = {
  loading: "Loading…",
  live: "Live",
  reconnecting: "Reconnecting: live updates are interrupted, the board resyncs when they return",
  failed: "Not loaded",
} as const;

export function LiveBoardScreen({ actor }: { actor: LiveBoardActor }) {
  const status = useSelector(actor, board.selectStatus);
  const hasBoard = useSelector(actor, board.selectHasBoard);
  const wallboard = useSelector(actor, board.selectWallboard);
  const day = useSelector(actor, board.selectDay);
  const failure = useSelector(actor, board.selectFailure);
  const agentDay = useSelector(actor, board.selectAgentDay);
  return (
    <section className={wallboard ? "page live-board live-board--wallboard" : "page live-board"} aria-labelledby="page-title">
      <PageHeader title="Live Board">
        <p className={`live-board__status live-board__status--${status}`} role="status">
          {day ? `${formatDate(day)} · ` : ""}
          {STATUS_TEXT[status]}
        </p>
        <CampaignFilter actor={actor} />
        <button type="button" className="button" onClick={() => actor.send({ type: wallboard ? "board.wallboard.leave" : "board.wallboard.enter" })}>
          {wallboard ? "Leave wallboard (Esc)" : "Wallboard"}
        </button>
      </PageHeader>
      {status === "failed" ? (
        <div role="alert" className="alert alert--error">
          <p className="alert__message">The live board could not be loaded: {failure}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "board.retry" })}>
            Try again
          </button>
        </div>
      ) : null}
      {hasBoard ? <LiveBoardTable actor={actor} /> : null}
      {agentDay ? <DrillDown actor={actor} agentDay={agentDay} /> : null}
    </section>
  );
}

/** The campaign whose assigned agents the board shows; hidden while there is no campaign to choose. */
function CampaignFilter({ actor }: { actor: LiveBoardActor }) {
  const campaigns = useSelector(actor, board.selectCampaignChoices);
  const campaign = useSelector(actor, board.selectCampaignFilter);
  if (campaigns.length === 0) return null;
  return (
    <label className="live-board__campaign">
      Campaign
      <select value={campaign ?? ""} onChange={(event) => actor.send({ type: "board.campaign.choose", campaign: event.target.value === "" ? null : Number(event.target.value) })}>
        <option value="">All agents</option>
        {campaigns.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function LiveBoardTable({ actor }: { actor: LiveBoardActor }) {
  const rows = useSelector(actor, board.selectRows);
  const totals = useSelector(actor, board.selectTotals);
  const sort = useSelector(actor, board.selectSort);
  const skewMs = useSelector(actor, board.selectSkew);
  const emptyText = useSelector(actor, board.selectEmptyText);
  const onSort = useCallback((column: BoardColumn) => actor.send({ type: "board.sort", column }), [actor]);
  const onOpenAgent = useCallback((userId: number) => actor.send({ type: "board.agent.open", userId }), [actor]);
  return <BoardTable rows={rows} totals={totals} sort={sort} skewMs={skewMs} emptyText={emptyText} onSort={onSort} onOpenAgent={onOpenAgent} />;
}

function DrillDown({ actor, agentDay }: { actor: LiveBoardActor; agentDay: NonNullable<ReturnType<typeof board.selectAgentDay>> }) {
  const name = useSelector(actor, (snapshot) => board.selectAgentName(snapshot, agentDay.getSnapshot().context.userId));
  return <AgentDayDialog actor={agentDay} name={name} onClose={() => actor.send({ type: "board.agent.close" })} />;
}
