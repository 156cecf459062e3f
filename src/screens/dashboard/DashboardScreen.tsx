// §2 Dashboard: the heading with its help icon, the downtime icon while the Members application
// has open issues, and the Help, File and App Status Tracker modals. The dashboard machine runs
// while the screen is shown: its open-issues check starts 1 s after the screen loads.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { dashboardMachine } from "../../machines/dashboard/dashboard.machine";
import * as dashboard from "../../machines/dashboard/dashboard.selectors";
import { AppStatusTrackerModal } from "./AppStatusTrackerModal";
import { FileModal } from "./FileModal";
import { HelpModal } from "./HelpModal";
import "./dashboard.css";

export function DashboardScreen({ actor }: { actor: ActorRefFrom<typeof dashboardMachine> }) {
  const showsDowntime = useSelector(actor, dashboard.selectShowsDowntime);
  const trackerOpen = useSelector(actor, dashboard.selectTrackerOpen);
  const trackerRows = useSelector(actor, dashboard.selectTrackerRows);
  const helpOpen = useSelector(actor, dashboard.selectHelpOpen);
  const helpLoading = useSelector(actor, dashboard.selectHelpLoading);
  const helpItems = useSelector(actor, dashboard.selectHelpItems);
  const file = useSelector(actor, dashboard.selectOpenFile);

  return (
    <section className="page dashboard" aria-labelledby="page-title">
      <div className="page__header dashboard__header">
        <h1 id="page-title">Dashboard</h1>
        <button
          type="button"
          className="dashboard__icon dashboard__icon--help"
          aria-label="Help"
          title="Help"
          onClick={() => actor.send({ type: "dashboard.help.open" })}
        >
          <span aria-hidden="true">?</span>
        </button>
        {showsDowntime ? (
          <button
            type="button"
            className="dashboard__icon dashboard__icon--downtime"
            aria-label="Downtime: open issues"
            title="Downtime: open issues"
            onClick={() => actor.send({ type: "dashboard.tracker.open" })}
          >
            <span aria-hidden="true">⚠</span>
            <span className="dashboard__downtime-text" aria-hidden="true">
              Downtime
            </span>
          </button>
        ) : null}
      </div>
      <p>Welcome to Recall Desk. Choose a list or a report in the menu.</p>

      {trackerOpen ? <AppStatusTrackerModal rows={trackerRows} onClose={() => actor.send({ type: "dashboard.tracker.close" })} /> : null}
      {helpOpen && !file ? (
        <HelpModal
          loading={helpLoading}
          items={helpItems}
          onOpenFile={(item, kind) => actor.send({ type: "dashboard.file.open", item, kind })}
          onClose={() => actor.send({ type: "dashboard.help.close" })}
        />
      ) : null}
      {file ? <FileModal file={file} onClose={() => actor.send({ type: "dashboard.file.close" })} /> : null}
    </section>
  );
}
