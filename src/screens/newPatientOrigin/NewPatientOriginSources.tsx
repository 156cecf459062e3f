// New Patient Origin's answer (§2): the pie chart beside the total table, then a table per source
// of its practices, each expandable.
import { Chart } from "../../components/chart/Chart";
import type { NewPatientOriginReport } from "../../machines/newPatientOrigin/newPatientOrigin.machine";
import { sourcesChart } from "../../machines/newPatientOrigin/newPatientOrigin.selectors";

const percent = (value: number) => `${value.toFixed(1)} %`;

const TOTAL_CAPTION = "Total new patients by source";

export function SourcesSummary({ report }: { report: NewPatientOriginReport }) {
  return (
    <div className="new-patient-origin__summary">
      <Chart spec={sourcesChart(report)} numbersIn={TOTAL_CAPTION} />
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
            {report.sources.map((source) => (
              <tr key={source.source}>
                <th scope="row">{source.source}</th>
                <td className="num">{source.count}</td>
                <td className="num">{percent(source.percent)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total ({report.total.sources} sources)</th>
              <td className="num">{report.total.count}</td>
              <td className="num">{report.total.count > 0 ? percent(100) : "—"}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

export function SourcesByPractice({ report }: { report: NewPatientOriginReport }) {
  return (
    <section aria-labelledby="npo-sources-heading">
      <h2 id="npo-sources-heading">By source and practice</h2>
      {report.sources.length === 0 ? <p className="muted">No new patients for these filters.</p> : null}
      {report.sources.map((source) => (
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
  );
}
