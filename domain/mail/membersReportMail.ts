// "Send report to yourself" (openapi.yaml sendMembersReport): the rows on screen arrive as JSON
// text, are checked against the contract's row schema (AJV cannot see inside a JSON string, so it
// is done here) and become a message with the table as HTML and as plain text, and as a CSV file.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { FieldProblem } from "../../contract/errors.ts";
import { COUNT_COLUMNS, GROUP_CELLS, totalsMatch, totalsOf, type MembersStatusCounts, type MembersStatusRow } from "../reports/membersStatus.ts";
import type { Mail } from "./mail.ts";

/** One validator per contract document: each backend loads openapi.yaml its own way and passes its `components`. */
const validators = new WeakMap<object, ValidateFunction>();
function rowsValidator(components: object): ValidateFunction {
  let validate = validators.get(components);
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.addSchema({ $id: "contract.json", components });
    validate = ajv.compile({ type: "array", items: { $ref: "contract.json#/components/schemas/MembersStatusReportRow" } });
    validators.set(components, validate);
  }
  return validate;
}

/** The rows of `data`, or the problems named `data`, `data.3`, `data.3.total`. */
export function parseReportRows(data: string, contractComponents: object): { rows: MembersStatusRow[] } | { problems: FieldProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { problems: [{ field: "data", message: "must be JSON text of the report rows" }] };
  }
  const validate = rowsValidator(contractComponents);
  if (!validate(parsed)) {
    return {
      problems: (validate.errors ?? []).map((error) => {
        const path = error.instancePath.split("/").filter(Boolean);
        if (error.keyword === "required") path.push(String(error.params.missingProperty));
        return { field: ["data", ...path].join("."), message: error.keyword === "required" ? "is required" : (error.message ?? "is invalid") };
      }),
    };
  }
  const rows = parsed as MembersStatusRow[];
  const problems = rows.flatMap((row, index) =>
    GROUP_CELLS.reduce((sum, { cell }) => sum + row[cell], 0) === row.total
      ? []
      : [{ field: `data.${index}.total`, message: "must be the sum of the nine group cells" }],
  );
  return problems.length > 0 ? { problems } : { rows };
}

const HEADINGS: Record<keyof MembersStatusCounts, string> = {
  ...(Object.fromEntries(GROUP_CELLS.map(({ cell }) => [cell, cell.replace(/_/g, " ")])) as Record<keyof MembersStatusCounts, string>),
  total: "Members",
  extractedMembers: "Extracted",
};

interface TableLine {
  cells: string[];
  /** Whether the row's Members total equals its Extracted count (the header has none). */
  totalsMatch?: boolean;
}

/** Heading, the rows, and the totals row, as text cells. */
function tableLines(rows: readonly MembersStatusRow[]): TableLine[] {
  const all = [...rows, { practice: "Total", ...totalsOf(rows) }];
  return [
    { cells: ["Practice", ...COUNT_COLUMNS.map((column) => HEADINGS[column])] },
    ...all.map((row) => ({ cells: [row.practice, ...COUNT_COLUMNS.map((column) => String(row[column]))], totalsMatch: totalsMatch(row) })),
  ];
}

function plainTable(lines: TableLine[]): string {
  const widths = lines[0]!.cells.map((_, column) => Math.max(...lines.map((line) => line.cells[column]!.length)));
  return lines
    .map(({ cells }) => cells.map((text, column) => (column === 0 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!))).join("  "))
    .join("\n");
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** §2: a total is red when it differs from extracted, green otherwise. */
const TOTAL_COLOURS = { equal: "#1b7f3b", different: "#c62828" };
const MEMBERS_COLUMN = 1 + COUNT_COLUMNS.indexOf("total");

function htmlCell(tag: "th" | "td", text: string, column: number, colour?: string): string {
  const style = `border:1px solid #ccc;padding:4px 8px;text-align:${column === 0 ? "left" : "right"}${colour ? `;color:${colour}` : ""}`;
  return `<${tag} style="${style}">${escapeHtml(text)}</${tag}>`;
}

function htmlRow({ cells, totalsMatch }: TableLine): string {
  const colour = TOTAL_COLOURS[totalsMatch ? "equal" : "different"];
  return `<tr>${cells.map((text, column) => htmlCell("td", text, column, column === MEMBERS_COLUMN ? colour : undefined)).join("")}</tr>`;
}

function htmlTable([heading, ...body]: TableLine[]): string {
  const head = `<tr>${heading!.cells.map((text, column) => htmlCell("th", text, column)).join("")}</tr>`;
  return `<table style="border-collapse:collapse;font-family:sans-serif;font-size:13px"><thead>${head}</thead><tbody>${body.map(htmlRow).join("")}</tbody></table>`;
}

const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export const MEMBERS_REPORT_SUBJECT = "Members Status Report";
export const MEMBERS_REPORT_CSV = "MembersStatusReport.csv";
const EXPLANATION = "Members is the sum of the three groups; Extracted counts every extracted member.";

/** The message to `to`: the table as HTML and plain text (totals last), and the same table as CSV. */
export function membersReportMail(to: string, rows: readonly MembersStatusRow[], sentAt: Date): Mail {
  const lines = tableLines(rows);
  const when = `${sentAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const csv = `${lines.map(({ cells }) => cells.map(csvField).join(",")).join("\r\n")}\r\n`;
  return {
    to,
    subject: `${MEMBERS_REPORT_SUBJECT} (${rows.length} practices)`,
    text: `Members status report, sent ${when}.\n${EXPLANATION}\n\n${plainTable(lines)}\n`,
    html: `<p>Members status report, sent ${when}.<br>${EXPLANATION}</p>${htmlTable(lines)}`,
    attachments: [{ filename: MEMBERS_REPORT_CSV, contentType: "text/csv", content: csv }],
  };
}
