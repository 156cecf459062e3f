// §2 New Patient Origin: filters brand, practices and months; per-source expandable tables, a
// total table and a pie chart; CSV download of the first visits (the server's export).
import { useActorRef, useSelector } from "@xstate/react";
import { useServices } from "../../app/ServicesContext";
import { Chart } from "../../components/chart/Chart";
import { ReportStatus } from "../../components/ReportStatus";
import { BRANDS } from "../../../domain/vocabulary.ts";
import { monthLabel } from "../../lib/format";
import type { BrandFilter } from "../../machines/newPatientOrigin/newPatientOrigin.machine";
import {
  selectData,
  selectFailure,
  selectFilters,
  selectMonths,
  selectPracticeOptions,
  selectPracticesLoading,
  selectStatus,
  sourcesChart,
} from "../../machines/newPatientOrigin/newPatientOrigin.selectors";
import "./newPatientOrigin.css";
import { PageHeader } from "../../components/PageHeader";
import { ExportCsv } from "../export/ExportCsv";

const percent = (value: number) => `${value.toFixed(1)} %`;
const selectedValues = (select: HTMLSelectElement) => Array.from(select.selectedOptions, (option) => option.value);

const TOTAL_CAPTION = "Total new patients by source";

export function NewPatientOriginScreen() {
  const { chartReports } = useServices();
  const actor = useActorRef(chartReports.newPatientOrigin, { input: chartReports.newPatientOriginInput() });
  const status = useSelector(actor, selectStatus);
  const failure = useSelector(actor, selectFailure);
  const filters = useSelector(actor, selectFilters);
  const months = useSelector(actor, selectMonths);
  const practices = useSelector(actor, selectPracticeOptions);
  const practicesLoading = useSelector(actor, selectPracticesLoading);
  const data = useSelector(actor, selectData);
  const refresh = () => actor.send({ type: "npo.refresh" });

  return (
    <section className="page chart-report" aria-labelledby="page-title">
      <PageHeader title="New Patient Origin">
        <ExportCsv label="Download CSV" disabled={status !== "ready"} request={() => ({ report: "newPatientOrigin", query: filters })} />
        <button type="button" className="button button--primary" onClick={refresh}>
          Refresh
        </button>
      </PageHeader>
      <div className="filters new-patient-origin__filters">
        <label>
          Brand
          <select value={filters.brand} onChange={(event) => actor.send({ type: "npo.brand.change", brand: event.target.value as BrandFilter })}>
            <option value="all">All</option>
            {BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {brand.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <label>
          Practices
          <select
            multiple
            size={6}
            aria-describedby="npo-practices-hint"
            aria-busy={practicesLoading}
            value={filters.practice.map(String)}
            onChange={(event) => actor.send({ type: "npo.practices.change", practice: selectedValues(event.target).map(Number) })}
          >
            {practices.map((practice) => (
              <option key={practice.id} value={practice.id}>
                {practice.practiceabbr} — {practice.practice}
              </option>
            ))}
          </select>
          <span id="npo-practices-hint" className="new-patient-origin__hint">
            {filters.practice.length === 0 ? "None chosen: all practices" : `${filters.practice.length} chosen`}
          </span>
        </label>
        <label>
          Months
          <select
            multiple
            size={6}
            aria-describedby="npo-months-hint"
            value={filters.date}
            onChange={(event) => actor.send({ type: "npo.months.change", date: selectedValues(event.target) })}
          >
            {months.map((month) => (
              <option key={month} value={month}>
                {monthLabel(month)}
              </option>
            ))}
          </select>
          <span id="npo-months-hint" className="new-patient-origin__hint">
            At least one month; Ctrl or Shift to choose several
          </span>
        </label>
        {filters.practice.length > 0 ? (
          <button type="button" className="button" onClick={() => actor.send({ type: "npo.practices.change", practice: [] })}>
            All practices
          </button>
        ) : null}
      </div>
      <p className="print-only">
        Brand {filters.brand === "all" ? "All" : filters.brand.toUpperCase()}; months {filters.date.map(monthLabel).join(", ")}.
      </p>
      <ReportStatus status={status} failure={failure} onRetry={refresh} what="the new patient origin report">
        {data ? (
          <div className="new-patient-origin__body">
            <div className="new-patient-origin__summary">
              <Chart spec={sourcesChart(data)} numbersIn={TOTAL_CAPTION} />
              <div className="table-scroll">
                <table className="data-table">
                  <caption>{TOTAL_CAPTION}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Source</th>
                      <th scope="col" className="num">New patients</th>
                      <th scope="col" className="num">Share</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.sources.map((source) => (
                      <tr key={source.source}>
                        <th scope="row">{source.source}</th>
                        <td className="num">{source.count}</td>
                        <td className="num">{percent(source.percent)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">Total ({data.total.sources} sources)</th>
                      <td className="num">{data.total.count}</td>
                      <td className="num">{data.total.count > 0 ? percent(100) : "—"}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            </div>
            <section aria-labelledby="npo-sources-heading">
              <h2 id="npo-sources-heading">By source and practice</h2>
              {data.sources.length === 0 ? <p className="muted">No new patients for these filters.</p> : null}
              {data.sources.map((source) => (
                <details key={source.source} className="new-patient-origin__source">
                  <summary>
                    {source.source}: {source.count} new patients ({percent(source.percent)})
                  </summary>
                  <div className="table-scroll">
                    <table className="data-table">
                      <caption>{source.source} by practice</caption>
                      <thead>
                        <tr>
                          <th scope="col">Practice</th>
                          <th scope="col" className="num">New patients</th>
                          <th scope="col" className="num">Share of {source.source}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {source.practices.map((practice) => (
                          <tr key={practice.practiceId}>
                            <th scope="row">{practice.practice}</th>
                            <td className="num">{practice.count}</td>
                            <td className="num">{percent(practice.percent)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </details>
              ))}
            </section>
          </div>
        ) : null}
      </ReportStatus>
    </section>
  );
}
