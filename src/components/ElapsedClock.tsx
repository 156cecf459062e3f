// Time elapsed since an instant as mm:ss, ticking every second. Every clock on screen shares one
// interval, and a tick writes each clock's text straight into its element (React renders the
// element empty and never touches its text): a second passing renders no React component at all,
// so a table of clocks never re-renders for them (the live board's 200 agents, measured in
// bench/README.md). A new `since` writes the text at once, before the browser paints.
import { useLayoutEffect, useRef } from "react";

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

const two = (value: number) => String(value).padStart(2, "0");

/** "07:05" for 425 seconds; minutes go past 59 ("75:12"). */
export function mmss(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
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
    const show = (now: number) => {
      if (element.current) element.current.textContent = mmss(now + skewMs - since);
    };
    show(Date.now());
    return subscribe(show);
  }, [since, skewMs]);
  return <span ref={element} role="timer" className={className} />;
}
