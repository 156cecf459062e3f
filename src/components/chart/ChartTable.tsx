import { formatChartValue, pieShares, type ChartSpec } from "../../lib/chartSpec";

/** The numbers of a chart as a table, for screen readers, keyboard users and exact reading. */
export function ChartTable({ spec }: { spec: ChartSpec }) {
  const shares = spec.kind === "pie" ? pieShares(spec) : [];
  return (
    // A scrolling region, so it takes the keyboard focus (arrow keys scroll it).
    <div className="table-scroll chart__table" tabIndex={0} role="region" aria-label={`${spec.title}: the numbers`}>
      <table className="data-table">
        <caption>{spec.title}: the numbers</caption>
        <thead>
          <tr>
            <th scope="col">{spec.xTitle}</th>
            {spec.series.map((series) => (
              <th key={series.name} scope="col" className="num">
                {series.name}
              </th>
            ))}
            {spec.kind === "pie" ? (
              <th scope="col" className="num">
                Share
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {spec.categories.map((category, index) => (
            <tr key={category}>
              <th scope="row">{category}</th>
              {spec.series.map((series) => (
                <td key={series.name} className="num">
                  {formatChartValue(series.values[index] ?? null, spec.percent)}
                </td>
              ))}
              {spec.kind === "pie" ? (
                <td className="num">{shares[index]}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
