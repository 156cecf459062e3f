// The server's clock as the browser reads it from the Date header of the API's answers. Claims end
// at a time of the server's clock (`expiresAt`): a browser whose own clock is minutes off would
// drop a colleague's claim at once, or keep showing it long after it ended.
/** The header has whole seconds: a smaller difference is the header's rounding, not a wrong clock. */
const TRUSTED_SKEW_MS = 2000;

let offsetMs = 0;

/** Learns the server's time from an answer's Date header (no header, as from the fake backend: nothing learnt). */
export function noteServerDate(dateHeader: string | null, receivedAt = Date.now()): void {
  const serverMs = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(serverMs)) return;
  // The server's time lies within the second the header names: its middle is the best guess.
  const skew = serverMs + 500 - receivedAt;
  offsetMs = Math.abs(skew) < TRUSTED_SKEW_MS ? 0 : skew;
}

/** Now, on the server's clock. */
export const serverNow = () => new Date(Date.now() + offsetMs);
