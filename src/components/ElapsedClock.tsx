// Time elapsed since an instant as people read it (timeInState: "07:05", "1:07:05", "since 7:08 AM"),
// ticking every second. Every clock on screen shares one interval, and a tick writes each clock's
// text straight into its element (React renders the element empty and never touches its text): a
// second passing renders no React component at all, so a table of clocks never re-renders for them
// (the live board's 200 agents, measured in bench/README.md). A new `since` writes the text at
// once, before the browser paints.
import { useLayoutEffect, useRef } from "react";
import { timeInState } from "../lib/format";

type Tick = (now: number) => void;
const clocks = new Set<Tick>();
let interval: ReturnType<typeof setInterval> | undefined;

function subscribe(tick: Tick): () => void {
  clocks.add(tick);
  interval ??= setInterval(() => {
    const now = Date.now();
    for (const each of clocks) each(now);
  }, 1000);
  return () => {
    clocks.delete(tick);
    if (clocks.size === 0) {
      clearInterval(interval);
      interval = undefined;
    }
  };
}

interface ElapsedClockProps {
  /** The instant counted from (epoch ms, on the clock of `skewMs`). */
  since: number;
  /** That clock minus the browser's (ms): the backend's clock is the one that counts. */
  skewMs?: number;
  className?: string;
}

export function ElapsedClock({ since, skewMs = 0, className }: ElapsedClockProps) {
  const element = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    // Written only when it changes ("since 7:08 AM" stays as it is). Its form sets the clock's size,
    // which changes only with the form, so a tick lays out nothing outside the clock: the width of
    // its widest line (--clock-chars) and its lines (--clock-lines), "since" above "7:08 AM"
    // (timeInState joins the time and its AM by a no-break space), no wider than "1:07:05".
    const show = (now: number) => {
      const clock = element.current;
      const text = timeInState(now + skewMs - since, new Date(since - skewMs));
      if (!clock || clock.textContent === text) return;
      const lines = text.split(" ");
      const chars = String(Math.max(...lines.map((line) => line.length)));
      if (clock.style.getPropertyValue("--clock-chars") !== chars) clock.style.setProperty("--clock-chars", chars);
      if (clock.style.getPropertyValue("--clock-lines") !== String(lines.length)) clock.style.setProperty("--clock-lines", String(lines.length));
      clock.textContent = text;
    };
    show(Date.now());
    return subscribe(show);
  }, [since, skewMs]);
  return <span ref={element} role="timer" className={className} />;
}
