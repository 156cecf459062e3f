// §2 Members list: the worklist of the call center. It renders the members machine src/app gives it
// (its parts: the list, the result save, the claims, the dialogs and the keyboard work mode): title
// with brand and count, filters, legends, table, pagination, dialogs. Keys on the page become the
// work mode's commands (useWorkModeKeys), whose requests to move the focus are carried out here
// and in the table.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { membersMachine } from "../../machines/members/members.machine";
import { selectParts } from "../../machines/members/members.selectors";
import { selectStatus } from "../../machines/members/list/list.selectors";
import { MembersHeader } from "./MembersHeader";
import { MembersList } from "./MembersList";
import { MembersDialogs } from "./MembersDialogs";
import { ListFailure } from "./ListNotices";
import { useWorkModeKeys } from "./useWorkModeKeys";
import type { ExportActor } from "../export/ExportCsvButton";
import "./members.css";

interface MembersScreenProps {
  actor: ActorRefFrom<typeof membersMachine>;
  /** Export CSV of the list's filters and search. */
  exporter: ExportActor;
  title: string;
}

export function MembersScreen({ actor, exporter, title }: MembersScreenProps) {
  const parts = useSelector(actor, selectParts);
  const status = useSelector(parts.list, selectStatus);
  const { pageRef, searchRef } = useWorkModeKeys(parts.work);
  const starting = status === "starting";
  return (
    <div className="page members-page" ref={pageRef}>
      <MembersHeader parts={parts} exporter={exporter} title={title} starting={starting} />
      {status === "startFailed" ? (
        <ListFailure list={parts.list} />
      ) : starting ? (
        <p role="status" aria-busy="true" className="report-status">
          Loading members…
        </p>
      ) : (
        <MembersList parts={parts} title={title} searchRef={searchRef} />
      )}
      <MembersDialogs parts={parts} />
    </div>
  );
}
