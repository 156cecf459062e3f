// One HTTP Range of a file (RFC 9110, bytes unit), as both backends answer it: a help video or a
// call recording seeks with it.

/** Bytes `start` to `end` of a file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range within `size`: undefined when there is none (or
 * several, or another unit: the whole file is answered), null when it starts at or beyond the end
 * (416).
 */
export function rangeOf(header: string | null | undefined, size: number): ByteRange | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const [first, last] = [match[1]!, match[2]!];
  if (first === "" && Number(last) === 0) return null;
  const start = first === "" ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === "" || last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (first !== "" && last !== "" && Number(last) < start) return undefined;
  return start >= size ? null : { start, end };
}

/** The Content-Range of a range answered (206), or of a refused one (416). */
export const contentRangeOf = (range: ByteRange | null, size: number) => (range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`);
