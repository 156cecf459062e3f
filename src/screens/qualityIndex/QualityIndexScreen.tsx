// §2 Quality Index Report: pies of won vs lost (week, month), lost leads, conversion percentages
// and a sales funnel; tables of leads won and lost by practice; Print and Refresh.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Chart } from "../../components/chart/Chart";
import { DataTable, type Column } from "../../components/DataTable";
import { ReportStatus } from "../../components/ReportStatus";
import { sameExportRequest } from "../../machines/export/export.selectors";
import {
  qualityIndexCharts,
  qualityIndexTables,
  selectQualityIndex,
  selectQualityIndexExport,
  tableTotal,
  type PracticeCount,
  type qualityIndexReportMachine,
} from "../../machines/qualityIndex/qualityIndex.selectors";
import { selectReportFailure, selectReportStatus } from "../../machines/report/report.selectors";
import "./qualityIndex.css";
import { PageHeader } from "../../components/PageHeader";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";

const COLUMNS: Column<PracticeCount>[] = [
  { key: "practice", header: "Practice" },
  { key: "count", header: "Leads", align: "end" },
];

interface QualityIndexScreenProps {
  actor: ActorRefFrom<typeof qualityIndexReportMachine>;
  exporter: ExportActor;
}

export function QualityIndexScreen({ actor: report, exporter }: QualityIndexScreenProps) {
  const status = useSelector(report, selectReportStatus);
  const failure = useSelector(report, selectReportFailure);
  const data = useSelector(report, selectQualityIndex);
  const exportRequest = useSelector(report, selectQualityIndexExport, sameExportRequest);
  const refresh = () => report.send({ type: "report.refresh" });

  return (
    <section className="page chart-report" aria-labelledby="page-title">
      <PageHeader title="Quality Index Report">
        <ExportCsvButton actor={exporter} request={exportRequest} />
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
