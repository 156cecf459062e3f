// What the two backends learn of an uploaded file's bytes as they arrive, without holding the file:
// whether they are UTF-8 text at all (a Latin-1 or spreadsheet file is not, and would otherwise be
// imported with replacement characters), whether there is anything but white space in it, and its
// first characters, where the header is. The server feeds it the request's chunks as they come;
// the fake backend the whole body at once.
import Papa from "papaparse";

/** No header is this long: the first line is found within it. */
export const HEADER_CHARS = 64 * 1024;

export interface TextFacts {
  /** Bytes that are not UTF-8, or a NUL (never in a CSV file): a binary file. */
  notText: boolean;
  /** Nothing but white space (or nothing at all). */
  blank: boolean;
  /** The file's first characters (at most HEADER_CHARS), for its header. */
  head: string;
}

export interface TextCheck {
  take: (bytes: Uint8Array) => void;
  end: () => TextFacts;
}

export function checkText(): TextCheck {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const facts: TextFacts = { notText: false, blank: true, head: "" };
  const see = (text: string) => {
    if (facts.head.length < HEADER_CHARS) facts.head += text.slice(0, HEADER_CHARS - facts.head.length);
    if (facts.blank && /\S/.test(text)) facts.blank = false;
    if (text.includes("\u0000")) facts.notText = true;
  };
  const decode = (bytes?: Uint8Array) => {
    if (facts.notText) return;
    try {
      see(bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode());
    } catch {
      facts.notText = true;
    }
  };
  return {
    take: (bytes) => decode(bytes),
    end: () => {
      decode();
      return facts;
    },
  };
}

/** The facts of a whole body at once. */
export function textFactsOf(bytes: Uint8Array): TextFacts {
  const check = checkText();
  check.take(bytes);
  return check.end();
}

/** The header of a file's first characters, its column names trimmed as the import trims them. */
export function headerOf(text: string): string[] {
  const [first = []] = Papa.parse<string[]>(text.slice(0, HEADER_CHARS), { preview: 1 }).data;
  return first.map((column) => column.trim());
}
