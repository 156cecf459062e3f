// A list of practices (abbreviations or names), each kept on one line: "SM-BAYT" never breaks at its
// hyphen, nor a name between its words; the list breaks after its commas only.
import { Fragment } from "react";
import "./practiceList.css";

export function PracticeList({ names }: { names: readonly string[] }) {
  return names.map((name, index) => (
    <Fragment key={`${index}-${name}`}>
      {index > 0 ? ", " : ""}
      <span className="practice-list__item">{name}</span>
    </Fragment>
  ));
}
