// §2 Quality Index Report: pies of won vs lost (week, month), lost leads, conversion percentages
// and a sales funnel; tables of leads won and lost by practice; Print and Refresh.
import { useActorRef, useSelector } from "@xstate/react";
import { useServices } from "../../app/ServicesContext";
import { Chart } from "../../components/chart/Chart";
import { DataTable, type Column } from "../../components/DataTable";
import { ReportStatus } from "../../components/ReportStatus";
import {
  qualityIndex,
  qualityIndexCharts,
  qualityIndexTables,
  tableTotal,
  type PracticeCount,
} from "../../machines/qualityIndex/qualityIndex.selectors";
import { selectReportFailure, selectReportStatus } from "../../machines/report/report.selectors";
import "./qualityIndex.css";
import { PageHeader } from "../../components/PageHeader";
import { ExportCsv } from "../export/ExportCsv";

const COLUMNS: Column<PracticeCount>[] = [
  { key: "practice", header: "Practice" },
  { key: "count", header: "Leads", align: "end" },
];

export function QualityIndexScreen() {
  const { chartReports } = useServices();
  const report = useActorRef(chartReports.qualityIndex, { input: { filters: {} } });
  const status = useSelector(report, selectReportStatus);
  const failure = useSelector(report, selectReportFailure);
  const data = useSelector(report, qualityIndex.data);
  const refresh = () => report.send({ type: "report.refresh" });

  return (
    <section className="page chart-report" aria-labelledby="page-title">
      <PageHeader title="Quality Index Report">
        <ExportCsv disabled={status !== "ready"} request={() => ({ report: "qualityIndex" })} />
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="button button--primary" onClick={refresh}>
          Refresh
        </button>
      </PageHeader>
      <ReportStatus status={status} failure={failure} onRetry={refresh} what="the quality index report">
        {data ? (
          <>
            <section className="chart-report__section" aria-labelledby="qi-charts-heading">
              <h2 id="qi-charts-heading">Leads won, lost and converted</h2>
              <div className="chart-report__grid">
                {qualityIndexCharts(data).map((spec) => (
                  <Chart key={spec.title} spec={spec} />
                ))}
              </div>
            </section>
            <section className="chart-report__section" aria-labelledby="qi-tables-heading">
              <h2 id="qi-tables-heading">Leads by practice</h2>
              <div className="quality-index__tables">
                {qualityIndexTables(data).map((table) => (
                  <DataTable
                    key={table.key}
                    caption={table.caption}
                    columns={COLUMNS}
                    rows={table.rows}
                    rowKey={(row) => row.practiceId}
                    footer={table.rows.length > 0 ? [{ practice: "Total", practiceId: 0, count: tableTotal(table.rows) }] : undefined}
                    empty="No leads"
                  />
                ))}
              </div>
            </section>
          </>
        ) : null}
      </ReportStatus>
    </section>
  );
}
