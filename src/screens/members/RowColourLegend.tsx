// §4 Row colours: what each colour of a row means.
import { ROW_COLOURS } from "../../lib/resultColours";

export function RowColourLegend() {
  return (
    <ul className="row-legend" aria-label="Row colours by result">
      {ROW_COLOURS.map((colour) => (
        <li key={colour.tone} className="row-legend__item">
          <span className={`row-legend__swatch member-row--${colour.tone}`} aria-hidden="true" />
          {colour.label}
        </li>
      ))}
    </ul>
  );
}
