// §2 Members list: the worklist of the call center. It runs the members machine for its route's
// region and renders it: title with brand and count, filters, legend, table, pagination, dialogs.
// The keyboard work mode (workMode.machine.ts) runs beside it: keys on the page become its
// commands (workMode.keys.ts), and its requests to move the focus are carried out here and in the table.
import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useServices } from "../../app/ServicesContext";
import { Modal } from "../../components/Modal";
import { Pagination } from "../../components/Pagination";
import { selectUser } from "../../machines/auth/auth.selectors";
import type { Member, MemberResult, MemberSortColumn, RegionFilter } from "../../machines/members/members.filters";
import * as members from "../../machines/members/members.selectors";
import { workModeMachine } from "../../machines/members/workMode.machine";
import { workCommandOf } from "../../machines/members/workMode.keys";
import * as workMode from "../../machines/members/workMode.selectors";
import { MEMBERS_PAGINATION_PAGES, type PageSize } from "../../lib/constants";
import { ROW_COLOURS } from "../../lib/resultColours";
import { CronsDialog } from "./CronsDialog";
import { ExportCsv } from "../export/ExportCsv";
import { countFormat, memberName } from "./memberFormat";
import { MembersFilters } from "./MembersFilters";
import { MembersTable } from "./MembersTable";
import { NotesDialog } from "./NotesDialog";
import { ResultHistoryDialog } from "./ResultHistoryDialog";
import { ResultKeysLegend, ShortcutSheet } from "./WorkModeKeys";
import "./members.css";

interface MembersScreenProps {
  /** The route's scope (docs/architecture.md): SMD, FSD or all. */
  region: RegionFilter;
  title: string;
}

export function MembersScreen({ region, title }: MembersScreenProps) {
  const services = useServices();
  const user = useSelector(services.auth, selectUser);
  const actor = useActorRef(services.members, {
    input: { region, userId: user?.id ?? 0, defaultLocationId: user?.defaultLocationId ?? "" },
  });
  const status = useSelector(actor, members.selectStatus);
  const failure = useSelector(actor, members.selectFailure);
  const rows = useSelector(actor, members.selectMembers);
  const total = useSelector(actor, members.selectTotalCount);
  const brand = useSelector(actor, members.selectBrandLabel);
  const sort = useSelector(actor, members.selectSort);
  const savingResult = useSelector(actor, members.selectSavingResult);
  const confirming = useSelector(actor, members.selectConfirming);
  const conflicts = useSelector(actor, members.selectConflicts);
  const userId = useSelector(actor, members.selectUserId);
  const liveActor = useSelector(actor, members.selectLiveActor);
  const locked = useSelector(actor, members.selectControlsLocked);
  const pageNum = useSelector(actor, members.selectPageNum);
  const pageSize = useSelector(actor, members.selectPageSize);
  const pageCount = useSelector(actor, members.selectPageCount);
  const pagesCapped = useSelector(actor, members.selectPagesCapped);
  const shown = useSelector(actor, members.selectShownRange);
  const searchPending = useSelector(actor, members.selectSearchPending);
  const dialog = useSelector(actor, members.selectDialog);
  const dialogMember = useSelector(actor, members.selectDialogMember);
  const notesActor = useSelector(actor, members.selectNotesActor);
  const historyActor = useSelector(actor, members.selectHistoryActor);
  const cronsActor = useSelector(actor, members.selectCronsActor);
  const unknownInLink = useSelector(actor, members.selectUnknownInLink);
  const exportQuery = useSelector(actor, members.selectExportQuery);
  const work = useActorRef(workModeMachine, { input: { list: actor } });
  const current = useSelector(work, workMode.selectCurrent);
  const focusRequest = useSelector(work, workMode.selectFocusRequest);
  const sheetOpen = useSelector(work, workMode.selectSheetOpen);
  const pageRef = useRef<HTMLDivElement>(null);

  // The work mode's keys, wherever the focus is on this page or around it (the page's main region,
  // or nowhere); not from the menu or the top bar. A field, a modifier or an open dialog keeps them
  // silent (workCommandOf).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const page = pageRef.current;
      if (event.defaultPrevented || !page || (target && !page.contains(target) && !target.contains(page))) return;
      const command = workCommandOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        target,
        dialogOpen: document.querySelector('[aria-modal="true"]') !== null,
      });
      if (!command) return;
      event.preventDefault();
      work.send({ type: "work.command", command });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [work]);

  useEffect(() => {
    if (focusRequest.seq > 0 && focusRequest.target === "search") {
      pageRef.current?.querySelector<HTMLInputElement>('.members-filters input[type="search"]')?.focus();
    }
  }, [focusRequest]);

  // Stable callbacks: the memoised rows re-render only when their member changes.
  const rowActions = useMemo(
    () => ({
      saveResult: (member: Member, result: MemberResult) => actor.send({ type: "members.result.save", member, result }),
      openNotes: (member: Member) => actor.send({ type: "members.notes.open", member }),
      openHistory: (member: Member) => actor.send({ type: "members.history.open", member }),
      startWork: (member: Member) => actor.send({ type: "members.work.start", member }),
      startCall: (member: Member) => actor.send({ type: "members.call.start", member }),
      keepTheirs: (memberId: number) => actor.send({ type: "members.conflict.keepTheirs", memberId }),
      saveMine: (memberId: number) => actor.send({ type: "members.conflict.saveMine", memberId }),
    }),
    [actor],
  );
  const leaveWork = useCallback((memberId: number) => actor.send({ type: "members.work.leave", memberId }), [actor]);
  const focusRow = useCallback((index: number) => work.send({ type: "work.focus", index }), [work]);
  const sortBy = useCallback((column: MemberSortColumn) => actor.send({ type: "members.sort.toggle", column }), [actor]);
  const closeDialog = () => actor.send({ type: "members.dialog.close" });

  const starting = status === "starting";
  const loading = status === "loading" || status === "saving";

  return (
    <div className="page members-page" ref={pageRef}>
      <div className="page__header">
        <h1>
          {title} · {brand}{" "}
          <span className="members-page__count">
            {starting ? "" : `(${countFormat.format(total)} ${total === 1 ? "member" : "members"})`}
          </span>
        </h1>
        <div className="page__actions">
          <ExportCsv request={() => ({ report: "members", query: exportQuery })} disabled={starting} />
          <button type="button" className="button" onClick={() => actor.send({ type: "members.crons.open" })} disabled={starting}>
            Crons
          </button>
        </div>
      </div>

      {status === "startFailed" ? (
        <div role="alert" className="alert alert--error report-status">
          <p className="alert__message">
            The members list could not be loaded{failure ? `: ${failure.message}` : "."}
          </p>
          <button type="button" className="button" onClick={() => actor.send({ type: "members.retry" })}>
            Try again
          </button>
        </div>
      ) : starting ? (
        <p role="status" aria-busy="true" className="report-status">
          Loading members…
        </p>
      ) : (
        <>
          {unknownInLink ? (
            <div role="alert" className="alert alert--warning report-status">
              <p className="alert__message">{unknownInLink}</p>
            </div>
          ) : null}
          <MembersFilters actor={actor} />
          <ul className="row-legend" aria-label="Row colours by result">
            {ROW_COLOURS.map((colour) => (
              <li key={colour.tone} className="row-legend__item">
                <span className={`row-legend__swatch member-row--${colour.tone}`} aria-hidden="true" />
                {colour.label}
              </li>
            ))}
          </ul>
          <ResultKeysLegend />
          {liveActor ? <LiveStatus actor={liveActor} /> : null}
          <p role="status" className="members-page__status">
            {loading ? "Loading members…" : searchPending ? "Searching when you stop typing…" : ""}
          </p>
          {status === "failed" ? (
            <div role="alert" className="alert alert--error report-status">
              <p className="alert__message">
                The members list could not be loaded{failure ? `: ${failure.message}` : "."}
              </p>
              <button type="button" className="button" onClick={() => actor.send({ type: "members.retry" })}>
                Try again
              </button>
            </div>
          ) : (
            <>
              <MembersTable
                caption={`${title}, ${brand}: page ${pageNum} of ${pageCount}`}
                members={rows}
                sort={sort}
                onSort={sortBy}
                savingResult={savingResult}
                confirmingResult={confirming}
                conflicts={conflicts}
                userId={userId}
                onLeave={leaveWork}
                current={current}
                focusRequest={focusRequest}
                onRowFocus={focusRow}
                locked={locked}
                busy={loading}
                empty={loading ? "Loading members…" : "No members match these filters."}
                {...rowActions}
              />
              <Pagination
                label="Pages of members"
                page={pageNum}
                pageCount={pageCount}
                pageSize={pageSize}
                summary={shownSummary(shown, pagesCapped)}
                disabled={locked}
                onPage={(page) => actor.send({ type: "members.page.change", pageNum: page })}
                onPageSize={(size: PageSize) => actor.send({ type: "members.pageSize.change", pageSize: size })}
              />
            </>
          )}
        </>
      )}

      {dialog === "notes" && notesActor && dialogMember ? (
        <NotesDialog actor={notesActor} memberName={memberName(dialogMember)} onClose={closeDialog} />
      ) : null}
      {dialog === "history" && historyActor && dialogMember ? (
        <ResultHistoryDialog actor={historyActor} memberName={memberName(dialogMember)} onClose={closeDialog} />
      ) : null}
      {dialog === "crons" && cronsActor ? <CronsDialog actor={cronsActor} onClose={closeDialog} /> : null}
      {sheetOpen ? <ShortcutSheet onClose={() => work.send({ type: "work.sheet.close" })} /> : null}
      {confirming ? (
        <Modal
          title="Save anyway?"
          size="small"
          onClose={() => actor.send({ type: "members.save.cancel" })}
          actions={
            <>
              <button type="button" className="button" onClick={() => actor.send({ type: "members.save.cancel" })}>
                Cancel
              </button>
              <button type="button" className="button button--primary" onClick={() => actor.send({ type: "members.save.confirm" })}>
                Save anyway
              </button>
            </>
          }
        >
          <p>{confirming.claimedBy} is calling this member. Save anyway?</p>
        </Modal>
      ) : null}
    </div>
  );
}

/** Says when colleagues' changes are not reaching the list (its event stream is reconnecting). */
function LiveStatus({ actor }: { actor: NonNullable<ReturnType<typeof members.selectLiveActor>> }) {
  const status = useSelector(actor, members.selectStreamStatus);
  return (
    <p role="status" className="members-page__live">
      {status === "interrupted" ? "Live updates interrupted: colleagues' changes show again once reconnected." : ""}
    </p>
  );
}

/** "Showing 16–30 of 1,234", and why a long list offers only its first 30 pages. */
function shownSummary({ first, last, total }: { first: number; last: number; total: number }, capped: boolean): string {
  if (total === 0) return "No members";
  const range = `Showing ${countFormat.format(first)}–${countFormat.format(last)} of ${countFormat.format(total)}`;
  return capped ? `${range}. The first ${MEMBERS_PAGINATION_PAGES} pages are offered: filter or search to reach the others.` : range;
}
