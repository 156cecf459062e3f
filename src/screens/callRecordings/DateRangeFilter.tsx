// §5: the call recordings' date range. Opening the calendar clears the previous range; the range
// applies once both dates are picked (the machine decides both).
import { useSelector } from "@xstate/react";
import { useId } from "react";
import type { ActorRefFrom } from "xstate";
import type { callRecordingsMachine } from "../../machines/callRecordings/callRecordings.machine";
import * as calls from "../../machines/callRecordings/callRecordings.selectors";
import { formatDate } from "../../lib/format";

export function DateRangeFilter({ actor }: { actor: ActorRefFrom<typeof callRecordingsMachine> }) {
  const open = useSelector(actor, calls.selectCalendarOpen);
  const picked = useSelector(actor, calls.selectPicked);
  const range = useSelector(actor, calls.selectRange);
  const calendarId = useId();
  const labelId = useId();

  return (
    <div className="date-range">
      <span id={labelId} className="date-range__label">
        Date range
      </span>
      <button
        type="button"
        className="button date-range__button"
        aria-labelledby={`${labelId} ${calendarId}-value`}
        aria-expanded={open}
        aria-controls={calendarId}
        onClick={() => actor.send({ type: open ? "callRecordings.calendar.close" : "callRecordings.calendar.open" })}
      >
        <span id={`${calendarId}-value`}>{range ? `${formatDate(range.start)} to ${formatDate(range.end)}` : "Any date"}</span>
      </button>
      {open ? (
        <div
          id={calendarId}
          className="date-range__calendar"
          role="group"
          aria-label="Pick the first and the last day"
          onKeyDown={(event) => {
            if (event.key === "Escape") actor.send({ type: "callRecordings.calendar.close" });
          }}
        >
          <label>
            From
            <input
              type="date"
              value={picked.start ?? ""}
              onChange={(event) => event.target.value && actor.send({ type: "callRecordings.calendar.pick", bound: "start", date: event.target.value })}
            />
          </label>
          <label>
            To
            <input
              type="date"
              value={picked.end ?? ""}
              onChange={(event) => event.target.value && actor.send({ type: "callRecordings.calendar.pick", bound: "end", date: event.target.value })}
            />
          </label>
          <p className="date-range__hint">Pick both dates to apply the range.</p>
        </div>
      ) : null}
    </div>
  );
}
