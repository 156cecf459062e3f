// The members list's title (§2: the brand and the count, once a page has told it) and its actions:
// Next member (the work queue serves the member most worth calling under the filters and search:
// first, so it is in reach without scrolling), My callbacks, Export CSV of every page of the filters
// and search, and Crons (§2: the cron-history modal).
import { useSelector } from "@xstate/react";
import type { MembersParts } from "../../machines/members/members.machine";
import * as list from "../../machines/members/list/list.selectors";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";
import { selectPicking } from "../../machines/members/queue/queue.selectors";
import { countFormat } from "./memberFormat";
import { MyCallbacks } from "../callbacks/MyCallbacks";

interface MembersHeaderProps {
  parts: MembersParts;
  exporter: ExportActor;
  title: string;
  /** The list has not opened yet: nothing to export. */
  starting: boolean;
}

export function MembersHeader({ parts, exporter, title, starting }: MembersHeaderProps) {
  const brand = useSelector(parts.list, list.selectBrandLabel);
  const total = useSelector(parts.list, list.selectTotalCount);
  const exportQuery = useSelector(parts.list, list.selectExportQuery);
  const picking = useSelector(parts.queue, selectPicking);
  return (
    <div className="page__header">
      <h1>
        {title} · {brand}{" "}
        {/* A space until the count is known: the count's font is in the title's line from the start, which keeps the line's height when the count arrives. */}
        <span className="members-page__count">{total === null ? "\u00a0" : `(${countFormat.format(total)} ${total === 1 ? "member" : "members"})`}</span>
      </h1>
      <div className="page__actions">
        <button
          type="button"
          className="button button--primary"
          aria-keyshortcuts="m"
          onClick={() => parts.queue.send({ type: "queue.next" })}
          disabled={starting || picking}
        >
          {picking ? "Finding…" : "Next member"}{" "}
          <kbd className="members-page__key" aria-hidden="true">
            m
          </kbd>
        </button>
        <MyCallbacks actor={parts.myCallbacks} />
        <ExportCsvButton actor={exporter} request={starting ? null : { report: "members", query: exportQuery }} />
        <button type="button" className="button" onClick={() => parts.dialogs.send({ type: "members.crons.open" })} disabled={starting}>
          Crons
        </button>
      </div>
    </div>
  );
}
